import { ActionIcon, Button, Group, NumberInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ApplicationTypeValues, errorAt } from '../../form-model';
import { Section } from './fields';

/** The most discounts a type may have (contract). */
const MAX_DISCOUNTS = 50;

/** The discounts: a name and a percent (0–100) each, added and removed row by row. */
export function DiscountsSection() {
  const { t } = useTranslation('application-types');
  const form = useFormContext<ApplicationTypeValues>();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'discounts' });
  const { errors } = form.formState;
  return (
    <Section title={t('sections.discounts')} testId="at-section-discounts">
      {fields.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('hints.noDiscounts')}
        </Text>
      ) : null}
      {fields.map((row, index) => {
        const n = index + 1;
        return (
          <Group key={row.id} align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              id={`at-discount-name-${index}`}
              label={t('fields.discountName', { index: n })}
              required
              maxLength={255}
              style={{ flex: 1 }}
              error={errorAt(errors, `discounts.${index}.name`)}
              {...form.register(`discounts.${index}.name`)}
            />
            <Controller
              control={form.control}
              name={`discounts.${index}.percent`}
              render={({ field }) => (
                <NumberInput
                  ref={field.ref}
                  id={`at-discount-percent-${index}`}
                  label={t('fields.discountPercent', { index: n })}
                  required
                  w={200}
                  min={0}
                  max={100}
                  decimalScale={2}
                  decimalSeparator=","
                  allowNegative={false}
                  clampBehavior="none"
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(typeof value === 'number' ? value : value === '' ? null : Number(value))}
                  onBlur={field.onBlur}
                  error={errorAt(errors, `discounts.${index}.percent`)}
                />
              )}
            />
            <ActionIcon
              variant="subtle"
              color="red.9"
              mt={28}
              aria-label={t('discounts.remove', { index: n })}
              onClick={() => remove(index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => append({ name: '', percent: null }, { shouldFocus: false })}
          disabled={fields.length >= MAX_DISCOUNTS}
          data-testid="at-discount-add"
        >
          {t('discounts.add')}
        </Button>
      </Group>
    </Section>
  );
}

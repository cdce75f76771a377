import { Divider, MultiSelect, type MultiSelectProps, Select, type SelectProps, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Path, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorAt, type ApplicationTypeValues } from '../../form-model';

/** One titled section of the application type form. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap="sm" component="section" aria-label={title} data-testid={testId}>
      <Divider />
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The error of a field of the form (its own, or the first nested one). */
export function useFieldError(path: string): string | undefined {
  const { formState } = useFormContext<ApplicationTypeValues>();
  return errorAt(formState.errors, path);
}

type IdPath = Path<ApplicationTypeValues>;

/** Select options of records with an id and a name. */
export const optionsOf = <T extends { id: number; name: string }>(rows: readonly T[] | undefined) =>
  (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));

/** The placeholder and error of a select whose options load from the server. */
export function useOptionStates() {
  const { t } = useTranslation('application-types');
  return {
    loadingOr: (query: { isPending: boolean; fetchStatus?: string }) =>
      query.isPending && query.fetchStatus !== 'idle' ? t('loading') : undefined,
    failed: (query: { isError: boolean }) => (query.isError ? t('optionsFailed') : undefined),
  };
}

/**
 * A select of one record id held by the form (a number, or null when none is chosen); the
 * field's error first, else `error` (options that failed to load).
 */
export function IdSelect({
  name,
  error,
  onChosen,
  ...props
}: Omit<SelectProps, 'value' | 'onChange' | 'name'> & { name: IdPath; onChosen?: (id: number | null) => void }) {
  const { field } = useController<ApplicationTypeValues>({ name });
  const own = useFieldError(name);
  const value = field.value as number | null;
  return (
    <Select
      {...props}
      ref={field.ref}
      value={value === null || value === undefined ? null : String(value)}
      onChange={(next) => {
        if (props.allowDeselect === false && next === null) return;
        const id = next === null ? null : Number(next);
        if (onChosen) onChosen(id);
        else field.onChange(id);
      }}
      onBlur={field.onBlur}
      error={own ?? error}
    />
  );
}

/** A multi-select of record ids held by the form (numbers). */
export function IdMultiSelect({
  name,
  error,
  ...props
}: Omit<MultiSelectProps, 'value' | 'onChange' | 'name'> & { name: IdPath }) {
  const { field } = useController<ApplicationTypeValues>({ name });
  const own = useFieldError(name);
  return (
    <MultiSelect
      {...props}
      ref={field.ref}
      value={((field.value as number[] | undefined) ?? []).map(String)}
      onChange={(next) => field.onChange(next.map(Number))}
      onBlur={field.onBlur}
      error={own ?? error}
    />
  );
}

import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Notice } from '../page/notice';

/** The texts of the modal's fixed parts, from the caller's namespace. */
export interface NameDescriptionLabels {
  name: string;
  description: string;
  cancel: string;
  save: string;
  close: string;
}

export interface NameDescriptionModalProps<T extends FieldValues & { name: string; description: string }> {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Prefix of the ids and test ids: `{prefix}-form`, `{prefix}-name`, `{prefix}-description`, `{prefix}-submit`. */
  prefix: string;
  /** The react-hook-form form that holds `name` and `description` (and the caller's other fields). */
  // biome-ignore lint/suspicious/noExplicitAny: the caller's context and resolver output do not matter here.
  form: UseFormReturn<T, any, any>;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  /** A failure that belongs to no field, shown above the fields. */
  formError: string | null;
  labels: NameDescriptionLabels;
  /** The record's other fields, below the description. */
  children?: ReactNode;
}

/**
 * The add/edit modal of a record that is a name and a description (and maybe a few more
 * fields): departments, functions, series types. The caller owns the form (schema, values,
 * submit, server errors); this draws the modal, the two fields, the form error and the buttons.
 */
export function NameDescriptionModal<T extends FieldValues & { name: string; description: string }>({
  opened,
  onClose,
  title,
  prefix,
  form,
  onSubmit,
  pending,
  formError,
  labels,
  children,
}: NameDescriptionModalProps<T>) {
  const { errors } = form.formState;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" closeButtonProps={{ 'aria-label': labels.close }}>
      <form onSubmit={onSubmit} noValidate aria-label={title} data-testid={`${prefix}-form`}>
        <Stack gap="md">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <TextInput
            id={`${prefix}-name`}
            label={labels.name}
            required
            maxLength={255}
            data-autofocus
            error={errors.name?.message as string | undefined}
            data-testid={`${prefix}-name`}
            {...form.register('name' as Path<T>)}
          />
          <Textarea
            id={`${prefix}-description`}
            label={labels.description}
            autosize
            minRows={2}
            maxLength={2000}
            error={errors.description?.message as string | undefined}
            {...form.register('description' as Path<T>)}
          />
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {labels.cancel}
            </Button>
            <Button type="submit" loading={pending} data-testid={`${prefix}-submit`}>
              {labels.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { TEXT_COLORS } from '../colors';
import { Box, Button, Group, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { stepPosition, stepState } from './wizard-steps';

/** One step of a `Wizard`. */
export interface WizardStep {
  /** Stable id (used for keys and element ids). */
  id: string;
  /** Short title shown in the step list. */
  title: string;
  /** Optional line under the title. */
  description?: string;
  /** Content of the step. */
  content: ReactNode;
  /**
   * Checks the step before moving on (Next, or Submit on the last step). Resolve false to stay;
   * the step shows its own errors (e.g. react-hook-form `trigger()` for the step's fields).
   */
  validate?: () => Promise<boolean>;
}

/** Props of `Wizard`. */
export interface WizardProps {
  /** The steps, in order. */
  steps: readonly WizardStep[];
  /** Called on Submit from the last step, after that step validated. */
  onSubmit: () => Promise<void> | void;
  /** When given, a 'Salvați ciorna' button saves without validating. */
  onSaveDraft?: () => Promise<void> | void;
  /** Starting step (uncontrolled, default 0). */
  initialStep?: number;
  /** Called whenever the current step changes (e.g. to keep it in the URL). */
  onStepChange?: (index: number) => void;
  /** Labels (defaults 'Înapoi', 'Continuați', 'Trimiteți', 'Salvați ciorna'). */
  labels?: Partial<Record<'back' | 'next' | 'submit' | 'saveDraft', string>>;
  /** Accessible name of the step list (default 'Pașii formularului'). */
  label?: string;
}

/**
 * Multi-step form (spec §4): steps are done / current / pending and first / between / last.
 * Next runs the step's `validate`; Submit validates the last step and calls `onSubmit`.
 * Back, Next and Submit have distinct React keys (notes/stack.md): if Next and Submit shared
 * one element, the click that turns Next into Submit would also submit the form.
 */
export function Wizard({
  steps,
  onSubmit,
  onSaveDraft,
  initialStep = 0,
  onStepChange,
  labels = {},
  label = 'Pașii formularului',
}: WizardProps) {
  const [current, setCurrent] = useState(() => Math.min(Math.max(0, initialStep), steps.length - 1));
  const [busy, setBusy] = useState<'next' | 'submit' | 'draft' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const baseId = useId();
  const step = steps[current];
  const position = stepPosition(current, steps.length);
  const text = { back: 'Înapoi', next: 'Continuați', submit: 'Trimiteți', saveDraft: 'Salvați ciorna', ...labels };

  const goTo = (index: number) => {
    setCurrent(index);
    onStepChange?.(index);
    // Move focus to the new step's heading so keyboard and screen-reader users land on the new content.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const validateCurrent = async () => (step.validate ? step.validate() : true);

  const next = async () => {
    setBusy('next');
    try {
      if (await validateCurrent()) goTo(current + 1);
    } finally {
      setBusy(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Enter in a field of an earlier step acts as Next, never as Submit.
    if (position !== 'last') {
      await next();
      return;
    }
    setBusy('submit');
    try {
      if (await validateCurrent()) await onSubmit();
    } finally {
      setBusy(null);
    }
  };

  const saveDraft = async () => {
    if (!onSaveDraft) return;
    setBusy('draft');
    try {
      await onSaveDraft();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg">
      <Box component="nav" aria-label={label}>
        <Group component="ol" gap="md" wrap="wrap" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {steps.map((item, index) => {
            const state = stepState(index, current);
            return (
              <Group
                key={item.id}
                component="li"
                gap={8}
                wrap="nowrap"
                data-state={state}
                data-position={stepPosition(index, steps.length)}
                aria-current={state === 'current' ? 'step' : undefined}
              >
                <ThemeIcon
                  radius="xl"
                  size={28}
                  variant={state === 'pending' ? 'outline' : 'filled'}
                  color={state === 'pending' ? 'gray.7' : 'navy.7'}
                  aria-hidden
                >
                  {state === 'done' ? (
                    <IconCheck size={16} />
                  ) : (
                    <Text size="xs" fw={700}>
                      {index + 1}
                    </Text>
                  )}
                </ThemeIcon>
                <div>
                  <Text size="sm" fw={state === 'current' ? 700 : 500}>
                    {item.title}
                    <VisuallyHidden>
                      {state === 'done' ? ' (completat)' : state === 'current' ? ' (pasul curent)' : ' (urmează)'}
                    </VisuallyHidden>
                  </Text>
                  {item.description ? (
                    <Text size="xs" c={TEXT_COLORS.muted}>
                      {item.description}
                    </Text>
                  ) : null}
                </div>
              </Group>
            );
          })}
        </Group>
      </Box>

      <form onSubmit={submit} noValidate aria-labelledby={`${baseId}-title`}>
        <Stack gap="md">
          <Text component="h2" id={`${baseId}-title`} ref={headingRef} tabIndex={-1} fw={700} size="lg" m={0}>
            {`Pasul ${current + 1} din ${steps.length}: ${step.title}`}
          </Text>
          <div key={step.id} data-step-id={step.id}>
            {step.content}
          </div>
          <Group justify="space-between">
            <Group gap="xs">
              {current > 0 ? (
                <Button
                  key="wizard-back"
                  type="button"
                  variant="default"
                  onClick={() => goTo(current - 1)}
                  disabled={busy !== null}
                >
                  {text.back}
                </Button>
              ) : null}
              {onSaveDraft ? (
                <Button
                  key="wizard-draft"
                  type="button"
                  variant="subtle"
                  leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                  onClick={saveDraft}
                  loading={busy === 'draft'}
                  disabled={busy !== null && busy !== 'draft'}
                >
                  {text.saveDraft}
                </Button>
              ) : null}
            </Group>
            {position === 'last' ? (
              <Button key="wizard-submit" type="submit" loading={busy === 'submit'} disabled={busy !== null && busy !== 'submit'}>
                {text.submit}
              </Button>
            ) : (
              <Button
                key="wizard-next"
                type="button"
                onClick={next}
                loading={busy === 'next'}
                disabled={busy !== null && busy !== 'next'}
              >
                {text.next}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

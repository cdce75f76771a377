import { checkPasswordPolicy, PASSWORD_RULES } from '@ghiseu/domain';
import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Which rules of the password policy (spec §5) `password` meets; none while it is empty. */
export function metPasswordRules(password: string): Record<(typeof PASSWORD_RULES)[number], boolean> {
  const broken = new Set(checkPasswordPolicy(password));
  return Object.fromEntries(PASSWORD_RULES.map((rule) => [rule, password !== '' && !broken.has(rule)])) as Record<
    (typeof PASSWORD_RULES)[number],
    boolean
  >;
}

/**
 * Live checklist of the password policy under a new-password field. Each rule says in words
 * whether it is met (icons are decorative), and the list is the field's description, so a
 * screen reader reads it with the field rather than on every keystroke.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  const met = metPasswordRules(password);
  return (
    <List
      spacing={2}
      size="sm"
      listStyleType="none"
      mt={4}
      aria-label={t('password.checklistLabel')}
      data-testid="password-checklist"
    >
      {PASSWORD_RULES.map((rule) => (
        <List.Item
          key={rule}
          data-rule={rule}
          data-met={met[rule]}
          icon={
            <ThemeIcon
              size={18}
              radius="xl"
              color={met[rule] ? 'green.9' : 'gray'}
              variant={met[rule] ? 'filled' : 'light'}
              aria-hidden
            >
              {met[rule] ? <IconCheck size={12} /> : <IconX size={12} />}
            </ThemeIcon>
          }
        >
          <Text span size="sm" c={met[rule] ? 'dark.9' : 'gray.7'} fw={met[rule] ? 600 : 400}>
            {t(`password.rules.${rule}`)}
          </Text>
          <VisuallyHidden>{`: ${met[rule] ? t('password.met') : t('password.notMet')}`}</VisuallyHidden>
        </List.Item>
      ))}
    </List>
  );
}

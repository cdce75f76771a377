import { Alert } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../lib/settings';

/** The optional maintenance banner (system settings: flag and text). */
export function MaintenanceBanner() {
  const { t } = useTranslation('layout');
  const { maintenanceBannerEnabled, maintenanceBannerText } = useSettings();
  if (!maintenanceBannerEnabled) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconTool aria-hidden />}
      title={t('maintenance.title')}
      mb="md"
      role="status"
      data-testid="maintenance-banner"
    >
      {maintenanceBannerText || t('maintenance.defaultText')}
    </Alert>
  );
}

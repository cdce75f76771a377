/** Keys of the settings registry (`GET /api/settings-registry`). */
export const SETTING_KEYS = [
  'RECORDS_PER_PAGE',
  'DATE_FORMAT',
  'DEFAULT_COUNTY',
  'DECIMAL_SEPARATOR',
  'MAINTENANCE_BANNER_ENABLED',
  'MAINTENANCE_BANNER_TEXT',
  'COUNCIL_NAME',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export interface SettingEntry {
  key: SettingKey;
  default_value: string;
  description: string;
}

/** Settings as the web app uses them, parsed from the registry entries. */
export interface PortalSettings {
  recordsPerPage: number;
  dateFormat: string;
  defaultCounty: string;
  decimalSeparator: ',' | '.';
  maintenanceBannerEnabled: boolean;
  maintenanceBannerText: string;
  councilName: string;
}

export const DEFAULT_SETTINGS: PortalSettings = {
  recordsPerPage: 20,
  dateFormat: 'DD.MM.YYYY',
  defaultCounty: 'MS',
  decimalSeparator: ',',
  maintenanceBannerEnabled: false,
  maintenanceBannerText: '',
  councilName: 'Consiliul Județean Mureș',
};

export function parseSettings(entries: readonly { key: string; default_value: string }[]): PortalSettings {
  const map = new Map(entries.map((e) => [e.key, e.default_value]));
  const recordsPerPage = Number.parseInt(map.get('RECORDS_PER_PAGE') ?? '', 10);
  const separator = map.get('DECIMAL_SEPARATOR');
  return {
    recordsPerPage: Number.isFinite(recordsPerPage) && recordsPerPage > 0 ? recordsPerPage : DEFAULT_SETTINGS.recordsPerPage,
    dateFormat: map.get('DATE_FORMAT') || DEFAULT_SETTINGS.dateFormat,
    defaultCounty: map.get('DEFAULT_COUNTY') || DEFAULT_SETTINGS.defaultCounty,
    decimalSeparator: separator === '.' ? '.' : ',',
    maintenanceBannerEnabled: map.get('MAINTENANCE_BANNER_ENABLED') === 'true',
    maintenanceBannerText: map.get('MAINTENANCE_BANNER_TEXT') ?? '',
    councilName: map.get('COUNCIL_NAME') || DEFAULT_SETTINGS.councilName,
  };
}

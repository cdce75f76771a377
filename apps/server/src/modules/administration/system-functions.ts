/**
 * The system functions every organisation gets when it is created (spec §6: "some system
 * functions are created automatically"). Workflows refer to them by `system_key` (the
 * president signs last, the registry registers, the chief architect signs urbanism acts), so
 * they cannot be renamed, edited or deleted (CAN_NOT_USE_SYSTEM_FUNCTIONS).
 */
export const SYSTEM_FUNCTIONS = [
  { key: 'president', name: 'Președinte', description: 'Semnează actele emise de instituție' },
  { key: 'registry', name: 'Registratură', description: 'Înregistrează cererile și documentele' },
  { key: 'chief_architect', name: 'Arhitect-șef', description: 'Semnează certificatele și autorizațiile de urbanism' },
  { key: 'secretary_general', name: 'Secretar general', description: 'Contrasemnează actele emise de instituție' },
] as const;

export type SystemFunctionKey = (typeof SYSTEM_FUNCTIONS)[number]['key'];

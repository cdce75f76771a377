import { installRomanianValidationMessages } from '@ghiseu/domain';
import { zodResolver as hookFormZodResolver } from '@hookform/resolvers/zod';

/*
 * The one door to zod validation of what people type: importing this module installs the
 * Romanian messages of the checks that carry none (spec §5). It used to be done by the entry,
 * which put zod (about 40 KB gzipped) into every page's first load; now zod and the messages
 * come with the first module that validates.
 */
installRomanianValidationMessages();

/** `@hookform/resolvers/zod`'s resolver, with the Romanian messages installed. */
export const zodResolver = hookFormZodResolver;

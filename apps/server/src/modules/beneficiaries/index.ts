/**
 * The beneficiaries module's public face: its routes (a draft's beneficiaries, the user's
 * register, the ANAF check), the part it plugs into an application, and the list the
 * registration receipt prints. Other modules import only this file.
 */
export { beneficiariesRoutes } from './routes.js';
export {
  beneficiaryPart,
  insertRegistryBeneficiary,
  listApplicationBeneficiaries,
  type PreparedBeneficiary,
  prepareRegistryBeneficiary,
} from './service.js';

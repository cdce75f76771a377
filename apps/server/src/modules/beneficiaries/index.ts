/**
 * The beneficiaries module's public face: the part it plugs into an application, and the list the
 * registration receipt prints. Other modules import only this file.
 */
export {
  beneficiaryPart,
  insertRegistryBeneficiary,
  listApplicationBeneficiaries,
  type PreparedBeneficiary,
  prepareRegistryBeneficiary,
} from './service.js';

export { ListCell, type ListCellProps } from './list-cell';
export {
  type BeneficiaryName,
  beneficiaryDisplayName,
  isLegalEntity,
  type ListCellItem,
  listCellText,
  splitListCell,
} from './list-cell-logic';

import { Text, type TextProps } from '@mantine/core';
import { formatCount } from './paginator-logic';

/** Props of `TotalLabel`. */
export interface TotalLabelProps extends Omit<TextProps, 'children'> {
  /** Number of records of the whole list. */
  total: number;
  /** Plural noun of the records, e.g. 'cereri', 'documente'. */
  noun: string;
  /** The server estimated the total (`pagination.total_estimated`, very long lists). */
  estimated?: boolean;
}

/** 'Total {total} {noun}' above a list (spec §2, §9); 'Total aproximativ …' when estimated. */
export function TotalLabel({ total, noun, estimated = false, ...rest }: TotalLabelProps) {
  return (
    <Text size="sm" fw={600} {...rest}>
      {`Total ${estimated ? 'aproximativ ' : ''}${formatCount(total)} ${noun}`}
    </Text>
  );
}

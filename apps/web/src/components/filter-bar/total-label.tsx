import { Text, type TextProps } from '@mantine/core';
import { countNoun } from '../romanian';
import { formatCount } from './paginator-logic';

/** Props of `TotalLabel`. */
export interface TotalLabelProps extends Omit<TextProps, 'children'> {
  /** Number of records of the whole list. */
  total: number;
  /** Plural noun of the records, e.g. 'cereri', 'documente'. */
  noun: string;
  /** Its singular, for a total of 1: 'cerere', 'document'. */
  nounOne: string;
  /** The server estimated the total (`pagination.total_estimated`, very long lists). */
  estimated?: boolean;
}

/**
 * 'Total {total} {noun}' above a list (spec §2, §9), with the noun agreeing with the number ('Total 1
 * cerere', 'Total 20 de cereri'); 'Total aproximativ …' when estimated.
 */
export function TotalLabel({ total, noun, nounOne, estimated = false, ...rest }: TotalLabelProps) {
  return (
    <Text size="sm" fw={600} {...rest}>
      {`Total ${estimated ? 'aproximativ ' : ''}${formatCount(total)} ${countNoun(total, nounOne, noun)}`}
    </Text>
  );
}

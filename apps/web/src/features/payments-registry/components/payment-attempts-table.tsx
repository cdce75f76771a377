import { Table, Text } from '@mantine/core';
import type { Payment } from '@ghiseu/domain';

/**
 * The payment attempts of an application (or of the registry): date, type, amount, status,
 * transaction or document number, and the receipt link. Issue 13: the registry work refines it;
 * keep the props.
 */
export function PaymentAttemptsTable({ payments, caption }: { payments: readonly Payment[]; caption: string }) {
  if (payments.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Table>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Tbody>
        {payments.map((payment) => (
          <Table.Tr key={payment.id}>
            <Table.Td>{payment.created_at}</Table.Td>
            <Table.Td>{payment.type_label}</Table.Td>
            <Table.Td>{payment.amount} RON</Table.Td>
            <Table.Td>{payment.status_label}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

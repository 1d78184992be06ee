/**
 * The superadmin's Edit action for now: the whole trade, read-only. The edit form itself
 * (POST /api/admin/trades/{tradeId}) comes with the admin area.
 */
import type { Trade } from '../../../../shared/schemas/trades';
import { Modal } from '../../../components/modal';
import { TABLE_FIELDS, TradeFieldList } from './trade-fields';
import { TradeLegs } from './trade-legs';

export function TradeViewModal({ trade, onClose }: { trade: Trade | null; onClose: () => void }) {
  return (
    <Modal isOpen={trade !== null} title={trade ? `Trade ${trade.trabot_trade_id}` : undefined} onClose={onClose}>
      {trade && (
        <>
          <p className="trade-view-note">Read-only for now: editing trades arrives with the admin area.</p>
          <TradeFieldList trade={trade} fields={TABLE_FIELDS} />
          <TradeLegs trade={trade} />
        </>
      )}
    </Modal>
  );
}

/**
 * /dashboard/admin/order-records: the order records (every request sent to a broker, its answer and
 * each change of an order's state, kept 5 years) of a range of days in India, downloaded as CSV
 * from GET /api/admin/order-records. The dates follow the server's rule (years 2000-2100, from not
 * after to); the server streams the file, so a long range costs the browser nothing.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { indiaToday } from '@shared/ist';
import { orderRecordsQuerySchema, type OrderRecordsQuery } from '@shared/schemas/admin/order-records';
import { BackButton } from '@client/components/back-button';
import { InputField } from '@client/components/form-fields/input-field';
import { Page } from '@client/components/page';
import './operations.css';

const resolver = zodResolver(orderRecordsQuerySchema);

export function OrderRecordsPage() {
  const today = indiaToday();
  const { control, handleSubmit } = useForm<OrderRecordsQuery>({ resolver, defaultValues: { from: today, to: today } });
  const onSubmit = handleSubmit(({ from, to }) => {
    // An attachment: the browser saves it and stays on this page.
    window.location.assign(`/api/admin/order-records?${new URLSearchParams({ from, to }).toString()}`);
  });
  return (
    <Page title="Order Records">
      <div className="admin-toolbar">
        <BackButton />
      </div>
      <p>
        Every order request the engine sent a broker (paper or live), the broker&apos;s answer and each change of the
        order&apos;s state, kept 5 years and never changed. Days are in India.
      </p>
      <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Order records">
        <InputField control={control} name="from" label="From" type="date" />
        <InputField control={control} name="to" label="To" type="date" />
        <button type="submit" className="button-link button-link-solid">
          Download CSV
        </button>
      </form>
    </Page>
  );
}

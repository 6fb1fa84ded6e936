import { Group, Loader, Stack } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useSession } from '../../../lib/auth-store.ts';
import { useJob } from '../api/get-job.ts';
import { useJobOrder } from '../api/get-job-order.ts';
import type { TSignAnswer } from '../api/sign-job.ts';
import { FinalBill } from '../components/final-bill.tsx';
import { JobChanges } from '../components/job-changes.tsx';
import { JobClock } from '../components/job-clock.tsx';
import { JobComplete } from '../components/job-complete.tsx';
import { JobHeader } from '../components/job-header.tsx';
import { JobPhotos } from '../components/job-photos.tsx';
import { JobSteps } from '../components/job-steps.tsx';
import { OfflineNote } from '../components/offline-note.tsx';
import { useJobSteps } from '../components/use-job-steps.ts';
import { withQueued } from '../lib/optimistic.ts';
import { registerServiceWorker } from '../lib/register-sw.ts';

// The signature pad (and signature_pad itself) download only when a bill is to be signed.
const SignBill = lazy(() => import('../components/sign-bill.tsx').then((m) => ({ default: m.SignBill })));

const ID = /^[1-9][0-9]{0,9}$/;

/** /job/{order_id}: the crew's phone on move day (mobile first). */
export function JobPage() {
  const { orderId = '' } = useParams();
  const id = ID.test(orderId) ? Number(orderId) : 0;
  usePageTitle(`Job #${orderId}`);
  useEffect(registerServiceWorker, []);
  return <Job orderId={id} />;
}

function Job({ orderId }: { orderId: number }) {
  const { user } = useSession();
  const jobQuery = useJob(user.id, orderId);
  const orderQuery = useJobOrder(user.id, orderId);
  const actions = useJobSteps(user.id, orderId);
  const [signed, setSigned] = useState<TSignAnswer | null>(null);

  if (jobQuery.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the job" />
      </Group>
    );
  }
  if (!jobQuery.data) {
    return (
      <LoadError
        what="this job"
        error={jobQuery.error}
        onRetry={() => void jobQuery.refetch()}
        retrying={jobQuery.isFetching}
      />
    );
  }
  const job = withQueued(jobQuery.data, actions.queued);
  const order = orderQuery.data;
  const cash = order?.payment_method === 'cash';
  const done = signed !== null || job.signed_at !== null;
  const workOrderUrl = signed?.work_order_url ?? signed?.data.work_order_url ?? job.work_order_url;

  return (
    <Stack gap="md" maw={640} mx="auto" data-testid="job-page">
      <OfflineNote waiting={actions.queued.length} stale={jobQuery.isError} />
      {order ? <JobHeader order={order} /> : null}
      <JobClock job={job} />
      <JobSteps steps={job.next_steps} busy={actions.busy} onStep={(t, eta) => void actions.step(t, eta)} />
      {job.state === 'finished' && actions.queued.length === 0 ? (
        <>
          <FinalBill bill={job.bill} cash={cash} settled={done ? job.balance_status : null} />
          {done ? (
            <JobComplete
              timeZone={job.time_zone}
              signedAt={job.signed_at ?? signed?.data.signed_at ?? null}
              workOrderUrl={workOrderUrl}
            />
          ) : job.can_sign ? (
            <Suspense
              fallback={
                <Group justify="center">
                  <Loader size="sm" aria-label="Loading the signature box" />
                </Group>
              }
            >
              <SignBill userId={user.id} job={job} cash={cash} onSigned={setSigned} />
            </Suspense>
          ) : null}
        </>
      ) : null}
      <JobChanges
        userId={user.id}
        orderId={orderId}
        branchId={order?.branch_id ?? null}
        changes={job.changes}
        canAdd={job.can_add_change && !done}
        busy={actions.busy}
        onDecide={(changeId, decision) => void actions.decide(changeId, decision)}
      />
      <JobPhotos userId={user.id} orderId={orderId} photos={job.photos} />
    </Stack>
  );
}

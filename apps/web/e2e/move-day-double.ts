import type { TJobEventType, TJobState, TJobView, TToday } from '@haulpro/shared/move-day';
import type { Page, Route } from '@playwright/test';

/*
 * A stand-in for the move-day endpoints (GET today, the job, its steps, changes, photos and
 * signature), routed in the browser: the screens spec draws every state of the crew's pages
 * without depending on demo data of a given day. The real API's flow is move-day.spec.ts.
 */
const AFTER: Record<TJobEventType, TJobState> = {
  on_my_way: 'on_the_way',
  arrived: 'arrived',
  start: 'working',
  break: 'on_break',
  resume: 'working',
  finish: 'finished',
};
const NEXT: Record<TJobState, TJobEventType[]> = {
  not_started: ['on_my_way', 'arrived'],
  on_the_way: ['arrived'],
  arrived: ['start'],
  working: ['break', 'finish'],
  on_break: ['resume'],
  finished: [],
};
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export function fakeJob(orderId: number): TJobView {
  return {
    order_id: orderId,
    state: 'not_started',
    events: [],
    eta_at: null,
    started_at: null,
    finished_at: null,
    worked_minutes: 0,
    break_minutes: 0,
    billable_minutes: 0,
    bill: {
      booked: 360,
      extra_time: 0,
      changes: 0,
      discounts: 0,
      fees: 18.5,
      paid: 0,
      balance: 378.5,
      total: 378.5,
      hourly: 120,
      overtime_rate: 150,
      booked_minutes: 180,
      minimum_minutes: 120,
      extra_minutes: 0,
    },
    changes: [],
    photos: [],
    crew: [{ crew_id: 1, name: 'Max Mover', started_at: null, finished_at: null, worked_minutes: 0 }],
    next_steps: NEXT.not_started,
    can_add_change: true,
    can_sign: false,
    can_confirm: false,
    can_dispute: false,
    confirm_by: null,
    signed_at: null,
    confirmed_at: null,
    confirmed_by: null,
    disputed_at: null,
    dispute_reason: null,
    balance_status: 'none',
    work_order_url: null,
    time_zone: 'America/Los_Angeles',
    arrival_date: '2026-11-27',
    arrival_time: '8-9',
  };
}

export function fakeToday(ids: number[]): TToday {
  return {
    date: '2026-11-27',
    time_zone: 'America/Los_Angeles',
    jobs: ids.map((id, i) => ({
      kind: 'order' as const,
      id,
      href: `/job/${id}`,
      arrival_time: ['8-9', '12-2', '3-5'][i % 3] ?? '8-9',
      title: `Move #${id}: 1 bedroom, 2 movers and a truck`,
      address: '1200 E Florence Ave, Los Angeles, CA 90001',
      maps_url: 'https://www.google.com/maps/search/?api=1&query=1200+E+Florence+Ave',
      customer_name: 'Casey Customer',
      customer_phone: '+1 (213) 555-0102',
      crew: i === 1 ? [] : ['Max Mover', 'Riley Lifter'],
      state: (['not_started', 'working', 'finished'] as const)[i % 3] ?? 'not_started',
      state_label: 'Not started',
    })),
  };
}

function fakeOrder(orderId: number) {
  const place = {
    address: '1200 E Florence Ave',
    city_or_town: 'Los Angeles',
    city: 'Los Angeles',
    state: 'CA',
    zip_code: '90001',
    type_property: 'Apartment',
    flights_of_stairs: 0,
    flights_of_stairs_text: '',
    stairs: { display: '' },
  };
  return {
    id: orderId,
    name: 'Casey Customer',
    phone: '+1 (213) 555-0102',
    customer_phone: '+1 (213) 555-0102',
    arrival_time: '8-9',
    helpers_count: 2,
    hours_count: 3,
    branch_id: 1,
    payment_method: 'cash',
    pickups: [place],
    destinations: [{ ...place, city: 'Beverly Hills', zip_code: '90210', address: '9500 Wilshire Blvd' }],
  };
}

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** Routes the move-day calls of `page` to an in-memory job; answers the job to inspect it. */
export async function routeMoveDay(page: Page, opts: { orderId: number; today: TToday }) {
  const job = fakeJob(opts.orderId);
  const log: string[] = [];
  let changeId = 0;
  await page.route('**/api/dashboard/today*', (route) => json(route, { data: opts.today }));
  await page.route(`**/api/dashboard/orders/${opts.orderId}`, (route) =>
    json(route, { data: fakeOrder(opts.orderId) }),
  );
  await page.route(`**/api/dashboard/orders/${opts.orderId}/**`, async (route) => {
    const req = route.request();
    const path = new URL(req.url()).pathname.replace(`/api/dashboard/orders/${opts.orderId}/`, '');
    log.push(`${req.method()} ${path}`);
    if (req.method() === 'GET' && path === 'job') return json(route, { data: job });
    if (path === 'job-events') {
      const body = req.postDataJSON() as { type: TJobEventType; at?: string; eta_minutes?: number };
      if (!job.next_steps.includes(body.type))
        return json(
          route,
          { message: `This step is out of order: the next step is ${job.next_steps[0]}.` },
          409,
        );
      const at = body.at ?? new Date().toISOString();
      job.events.push({
        id: job.events.length + 1,
        type: body.type,
        at,
        device_at: body.at ?? null,
        corrected: false,
        eta_minutes: body.eta_minutes ?? null,
        by: 'Sam Staff',
      });
      job.state = AFTER[body.type];
      job.next_steps = NEXT[job.state];
      if (body.type === 'on_my_way')
        job.eta_at = new Date(Date.now() + (body.eta_minutes ?? 30) * 60_000).toISOString();
      if (body.type === 'start') job.started_at = at;
      if (body.type === 'finish') {
        job.finished_at = at;
        job.can_sign = true;
        job.worked_minutes = 194;
        job.billable_minutes = 195;
        job.bill = {
          ...job.bill,
          extra_time: 37.5,
          extra_minutes: 15,
          total: job.bill.total + 37.5,
          balance: job.bill.balance + 37.5,
        };
      }
      return json(route, { data: job });
    }
    if (path === 'changes') {
      const body = req.postDataJSON() as { kind: 'stairs'; description: string; quantity?: number };
      changeId += 1;
      job.changes.push({
        id: changeId,
        kind: body.kind,
        description: body.description,
        quantity: body.quantity ?? 1,
        amount: 45,
        status: 'pending',
        decided_on: null,
        photo_url: null,
        created_at: new Date().toISOString(),
        decided_at: null,
      });
      return json(route, { data: job, message: 'Change added' });
    }
    const decided = /^changes\/(\d+)\/(approve|decline)$/.exec(path);
    if (decided) {
      const change = job.changes.find((c) => c.id === Number(decided[1]));
      if (change) {
        change.status = decided[2] === 'approve' ? 'approved' : 'declined';
        change.decided_on = 'site';
        if (change.status === 'approved')
          job.bill = {
            ...job.bill,
            changes: job.bill.changes + change.amount,
            total: job.bill.total + change.amount,
            balance: job.bill.balance + change.amount,
          };
      }
      return json(route, { data: job });
    }
    if (path === 'photos') {
      job.photos.push({
        id: job.photos.length + 1,
        phase: 'before',
        url: `data:image/png;base64,${PNG_1PX}`,
        created_at: new Date().toISOString(),
      });
      return json(route, { data: job });
    }
    if (path === 'sign') {
      job.signed_at = new Date().toISOString();
      job.can_sign = false;
      job.work_order_url = '/api/files/work-order.pdf';
      return json(route, { data: job, message: 'Order completed', work_order_url: job.work_order_url });
    }
    return route.continue();
  });
  return { job, log };
}

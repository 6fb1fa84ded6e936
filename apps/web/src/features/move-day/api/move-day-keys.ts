/** Query keys of move day: everything under 'move-day', so one invalidation refreshes Today and the job. */
export const moveDayKeys = {
  all: ['move-day'] as const,
  today: () => ['move-day', 'today'] as const,
  job: (orderId: number) => ['move-day', 'job', orderId] as const,
  order: (orderId: number) => ['move-day', 'order', orderId] as const,
};

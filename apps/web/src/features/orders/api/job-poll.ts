/** While the crew is on the way or working, the customer's views follow the job every 10 seconds. */
export const JOB_POLL_MS = 10_000;

/** Money is integer cents in the database and in computation, dollars on the wire (ARCHITECTURE). */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;

/** The `meta` of a paginated answer (ARCHITECTURE: the API contract): pages are 1-based, never fewer than one. */
export function pageMeta(page: number, perPage: number, total: number) {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

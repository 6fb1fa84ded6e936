/**
 * The credentials' names and labels, without zod: the public company page (an entry page that
 * loads no schema before its first paint) shows them too. Rules and schemas: credentials.ts.
 */

export const AUTHORITIES = ['Interstate', 'Intrastate', 'Both'] as const;
export type TAuthority = (typeof AUTHORITIES)[number];

export const LICENCES = [
  'mtr_license',
  'general_liability_license',
  'cargo_insurance_license',
  'workers_compensation_license',
  'transportation_service_license',
] as const;
export type TLicence = (typeof LICENCES)[number];
/** The spec: workers_compensation_license is optional; the other four are required. */
export const REQUIRED_LICENCES = [
  'mtr_license',
  'general_liability_license',
  'cargo_insurance_license',
  'transportation_service_license',
] as const satisfies readonly TLicence[];
export const CREDENTIAL_FLAGS = ['uniformed_crew', 'drug_test'] as const;
export type TCredentialFlag = (typeof CREDENTIAL_FLAGS)[number];

export const LICENCE_LABELS: Record<TLicence, string> = {
  mtr_license: 'MTR license',
  general_liability_license: 'General liability insurance',
  cargo_insurance_license: 'Cargo insurance',
  workers_compensation_license: "Workers' compensation insurance",
  transportation_service_license: 'Transportation service license',
};
export const FLAG_LABELS: Record<TCredentialFlag, string> = {
  uniformed_crew: 'Uniformed crew',
  drug_test: 'Drug tested crew',
};

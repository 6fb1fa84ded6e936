/*
 * Stripe names what it still needs by field path (`requirements.currently_due`, e.g.
 * `individual.dob.day`). A mover reads "Date of birth": several paths can make one line.
 */

const EXACT: Record<string, string> = {
  external_account: 'Bank account',
  business_type: 'Business type',
  'business_profile.url': 'Business website',
  'business_profile.mcc': 'Business category',
  'business_profile.product_description': 'What your business does',
  'business_profile.name': 'Business name',
  'business_profile.support_phone': 'Support phone number',
  'tos_acceptance.date': "Accept Stripe's terms",
  'tos_acceptance.ip': "Accept Stripe's terms",
  'company.name': 'Company name',
  'company.tax_id': 'Employer ID (EIN)',
  'company.phone': 'Business phone number',
  'company.owners_provided': 'Company owners',
  'company.directors_provided': 'Company directors',
  'company.executives_provided': 'Company executives',
  'company.verification.document': 'Company document',
  'settings.payments.statement_descriptor': 'Name on bank statements',
};

/** A person's fields (individual, representative, person_…), by their path below the person. */
const PERSON: Record<string, string> = {
  'dob.day': 'Date of birth',
  'dob.month': 'Date of birth',
  'dob.year': 'Date of birth',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone number',
  ssn_last_4: 'Last 4 digits of the Social Security number',
  id_number: 'Social Security number',
  'verification.document': 'Photo ID',
  'verification.additional_document': 'A second ID document',
  'relationship.title': 'Job title',
};

/** "business_profile.support_url" -> "Business profile support url". */
export function deSnake(key: string): string {
  const words = key.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function personField(rest: string): string {
  if (rest.startsWith('address.')) return 'Home address';
  return PERSON[rest] ?? deSnake(rest);
}

/** One requirement in words. */
export function requirementLabel(key: string): string {
  const exact = EXACT[key];
  if (exact) return exact;
  if (key.startsWith('company.address.')) return 'Business address';
  const [head = '', ...tail] = key.split('.');
  const rest = tail.join('.');
  if (head === 'individual' && rest) return personField(rest);
  if (head === 'representative' && rest) return `Representative: ${lower(personField(rest))}`;
  if (/^person_/.test(head) && rest) return `Company person: ${lower(personField(rest))}`;
  return deSnake(key);
}

function lower(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** Stripe's list in words, each line once, in Stripe's order. */
export function requirementLabels(keys: readonly string[]): string[] {
  return [...new Set(keys.map(requirementLabel))];
}

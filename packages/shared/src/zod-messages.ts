import { z } from 'zod';
import { MSG } from './messages.ts';
import { isMissing, PARSE_MSG } from './parse.ts';

/**
 * Our words for every check a schema leaves without a message of its own: the last line of
 * defence, so a validation library's default text ("Too big: expected string to have <=64
 * characters", "Invalid input") never reaches a person. Schemas still name the spec's message
 * where it has one; this only speaks where they are silent.
 */

const TYPE_WORDS: Record<string, string> = {
  string: 'Must be text',
  number: 'Must be a number',
  int: PARSE_MSG.integer,
  bigint: PARSE_MSG.integer,
  boolean: PARSE_MSG.boolean,
  date: PARSE_MSG.date,
  array: 'Must be a list',
  tuple: 'Must be a list',
  set: 'Must be a list',
  object: 'Must be a group of fields',
  record: 'Must be a group of fields',
  map: 'Must be a group of fields',
};

const plural = (n: number | bigint, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function sizeWords(origin: string, bound: number | bigint, side: 'most' | 'least'): string {
  if (origin === 'string') return `Must be at ${side} ${plural(bound, 'character')}`;
  if (origin === 'array' || origin === 'set') return `Must have at ${side} ${plural(bound, 'item')}`;
  if (origin === 'file') return side === 'most' ? MSG.fileTooLarge : 'The file is empty';
  if (origin === 'date') return `Must be on or ${side === 'most' ? 'before' : 'after'} ${String(bound)}`;
  return `Must be at ${side} ${String(bound)}`;
}

export const ourZodMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue.input)) return MSG.fieldRequired;
      return TYPE_WORDS[issue.expected] ?? MSG.validationFailed;
    case 'too_big':
      if (issue.inclusive === false) return `Must be less than ${String(issue.maximum)}`;
      return sizeWords(issue.origin, issue.maximum, 'most');
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return MSG.fieldRequired;
      if (issue.origin === 'array' && Number(issue.minimum) <= 1) return 'Choose at least one';
      if (issue.inclusive === false) return `Must be more than ${String(issue.minimum)}`;
      return sizeWords(issue.origin, issue.minimum, 'least');
    case 'invalid_value':
      if (isMissing(issue.input)) return MSG.fieldRequired;
      return issue.values.length === 1
        ? `Must be ${String(issue.values[0])}`
        : `Choose one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'email') return MSG.invalidEmail;
      if (issue.format === 'url') return 'Must be a valid link';
      if (issue.format === 'uuid' || issue.format === 'guid') return PARSE_MSG.id;
      return 'This value has the wrong format';
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Unknown field: ${issue.keys.join(', ')}`;
    case 'invalid_key':
      return 'A field name here is not allowed';
    case 'invalid_element':
      return 'A value in this list is not valid';
    case 'invalid_union':
      return isMissing(issue.input) ? MSG.fieldRequired : 'This value is not one of the accepted kinds';
    default:
      return MSG.validationFailed;
  }
};

/** Installs our words for the whole process (zod's configuration is global). */
export function installOurZodMessages(): void {
  z.config({ customError: ourZodMessage });
}

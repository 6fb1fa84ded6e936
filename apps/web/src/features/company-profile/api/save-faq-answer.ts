import type { TFaqItem, TIntroductionSection } from '@haulpro/shared/company-profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

type TSaveAnswer = { branchId: number; faqId: number; answerId: number | null; answer: string };

const FIELDS = ['answer'] as const;

/** POST faqs for a new answer, PUT faqs/{id} to update one (spec: saved or updated). */
export function saveFaqAnswer({ branchId, faqId, answerId, answer }: TSaveAnswer): Promise<TFaqItem> {
  return answerId === null
    ? api.post<TFaqItem>('faqs', { branch_id: branchId, faq_id: faqId, answer }, { formFields: FIELDS })
    : api.put<TFaqItem>(`faqs/${answerId}`, { faq_id: faqId, answer }, { formFields: FIELDS });
}

export function useSaveFaqAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFaqAnswer,
    onSuccess: (saved, { branchId }) => {
      queryClient.setQueryData<TIntroductionSection>(profileKeys.section(branchId, 'introduction'), (old) =>
        old ? { ...old, faqs: old.faqs.map((f) => (f.faq_id === saved.faq_id ? saved : f)) } : old,
      );
    },
  });
}

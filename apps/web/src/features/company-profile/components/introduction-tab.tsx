import {
  ABOUT_MAX,
  FAQ_ANSWER_MAX,
  type TFaqItem,
  type TIntroductionSection,
  ZAboutUs,
  ZFaqAnswer,
} from '@haulpro/shared/company-profile';
import { Button, Card, Divider, Group, Skeleton, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPencil } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { SettingsTab } from '../../../components/settings-form.tsx';
import { splitApiError } from '../../../lib/form-errors.ts';
import { useProfileSection } from '../api/get-profile-section.ts';
import { useSaveFaqAnswer } from '../api/save-faq-answer.ts';
import { useUpdateProfileSection } from '../api/update-profile-section.ts';

/** The first message of a field rule, or null when the value passes. */
function firstError(schema: typeof ZAboutUs | typeof ZFaqAnswer, value: string): string | null {
  return schema.safeParse(value).error?.issues[0]?.message ?? null;
}

/** Introduction: the about text, the services offered and the FAQ answers. */
export function IntroductionTab({ branchId }: { branchId: number }) {
  return (
    <SettingsTab
      query={useProfileSection(branchId, 'introduction')}
      what="the introduction"
      loadingLabel="Loading the introduction"
      skeletonGap="lg"
      skeleton={
        <>
          <Skeleton h={24} w="30%" />
          <Skeleton h={120} />
          <Skeleton h={24} w="30%" />
          <Skeleton h={160} />
        </>
      }
    >
      {(intro) => (
        <Stack gap="xl" key={branchId}>
          <AboutSection branchId={branchId} about={intro.about_us} />
          <Divider />
          <ServicesSection branchId={branchId} services={intro.services} />
          <Divider />
          <FaqSection branchId={branchId} faqs={intro.faqs} />
        </Stack>
      )}
    </SettingsTab>
  );
}

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Stack gap="md" component="section" aria-label={title}>
      <div>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </div>
      {children}
    </Stack>
  );
}

/** About: read-only until Edit; Save (or Cancel) makes it read-only again (spec). */
function AboutSection({ branchId, about }: { branchId: number; about: string | null }) {
  const save = useUpdateProfileSection('introduction');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(about ?? '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const error = serverError ?? (touched ? firstError(ZAboutUs, draft) : null);

  function edit() {
    setDraft(about ?? '');
    setTouched(false);
    setServerError(null);
    setEditing(true);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (firstError(ZAboutUs, draft)) return;
    try {
      await save.mutateAsync({
        branchId,
        body: { new_data: { about_us: draft } },
        fields: ['new_data.about_us'],
      });
      setEditing(false);
    } catch (err) {
      setServerError(
        splitApiError(err, ['new_data.about_us'] as const).fieldErrors['new_data.about_us'] ?? null,
      );
    }
  }

  return (
    <Section
      title="About"
      text="Tell customers who you are: 20 to 1000 characters, shown on your public page."
    >
      {editing ? (
        <form onSubmit={submit} noValidate aria-label="About">
          <Stack gap="sm">
            <Textarea
              label="About"
              withAsterisk
              autosize
              minRows={5}
              maxRows={14}
              value={draft}
              onChange={(e) => {
                setDraft(e.currentTarget.value);
                setServerError(null);
              }}
              onBlur={() => setTouched(true)}
              error={error}
              description={
                <span data-testid="about-count">
                  {draft.trim().length} / {ABOUT_MAX} characters
                </span>
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setEditing(false)} disabled={save.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Card withBorder padding="md" radius="md">
          <Stack gap="sm">
            {about ? (
              <Text data-testid="about-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {about}
              </Text>
            ) : (
              <Text c="dimmed" data-testid="about-text">
                No introduction yet. Customers see an empty section until you write one.
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="light" leftSection={<IconPencil size={16} />} onClick={edit}>
                Edit
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Section>
  );
}

/** Services: each toggled active or inactive, saved at once (selected_services). */
function ServicesSection({
  branchId,
  services,
}: {
  branchId: number;
  services: TIntroductionSection['services'];
}) {
  const save = useUpdateProfileSection('introduction');
  const [pending, setPending] = useState<number | null>(null);
  async function toggle(id: number, is_active: boolean) {
    setPending(id);
    try {
      await save.mutateAsync({
        branchId,
        body: { new_data: { selected_services: [{ id, is_active }] } },
        fields: [],
      });
    } catch {
      // The client has shown the server's message; the switch stays as saved.
    } finally {
      setPending(null);
    }
  }
  return (
    <Section title="Services" text="Turn on what you offer; customers see the active ones.">
      <Stack gap="xs" data-testid="services-list">
        {services.map((s) => (
          <Switch
            key={s.id}
            label={s.service}
            checked={s.is_active}
            disabled={pending === s.id}
            onChange={(e) => void toggle(s.id, e.currentTarget.checked)}
            styles={{ body: { alignItems: 'center' } }}
          />
        ))}
      </Stack>
    </Section>
  );
}

/** FAQ: an answer per question, saved (new) or updated (existing). */
function FaqSection({ branchId, faqs }: { branchId: number; faqs: TFaqItem[] }) {
  return (
    <Section title="FAQ" text="Answer the questions customers ask most (at least 10 characters each).">
      <Stack gap="lg">
        {faqs.map((faq) => (
          <FaqAnswer key={faq.faq_id} branchId={branchId} faq={faq} />
        ))}
      </Stack>
    </Section>
  );
}

function FaqAnswer({ branchId, faq }: { branchId: number; faq: TFaqItem }) {
  const save = useSaveFaqAnswer();
  const [draft, setDraft] = useState(faq.answer ?? '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const error = serverError ?? (touched ? firstError(ZFaqAnswer, draft) : null);
  const unchanged = draft === (faq.answer ?? '');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (firstError(ZFaqAnswer, draft)) return;
    try {
      const saved = await save.mutateAsync({ branchId, faqId: faq.faq_id, answerId: faq.id, answer: draft });
      setDraft(saved.answer ?? '');
      setTouched(false);
    } catch (err) {
      setServerError(splitApiError(err, ['answer'] as const).fieldErrors.answer ?? null);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={faq.question} data-testid="faq-item">
      <Stack gap={6}>
        <Textarea
          label={faq.question}
          placeholder="Your answer"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={FAQ_ANSWER_MAX + 50}
          value={draft}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(draft !== (faq.answer ?? ''))}
          error={error}
          styles={{ label: { fontWeight: 600 } }}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="xs"
            variant={faq.id === null ? 'filled' : 'light'}
            loading={save.isPending}
            disabled={unchanged}
          >
            {faq.id === null ? 'Save' : 'Update'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

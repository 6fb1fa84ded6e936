import type { TPublicPhoto } from '@haulpro/shared/branch-photo';
import type { TPublicAnswer } from '@haulpro/shared/branch-view';
import { CREDENTIAL_FLAGS, FLAG_LABELS, LICENCE_LABELS, LICENCES } from '@haulpro/shared/credential-names';
import type { TPublicCredentials } from '@haulpro/shared/credentials';
import {
  Accordion,
  Badge,
  Group,
  Image,
  List,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCertificate,
  IconCircleCheckFilled,
  IconCircleMinus,
  IconListCheck,
  IconPhoto,
  IconQuestionMark,
  IconWallet,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { PaymentMethodIcon } from '../../../components/payment-method-icon.tsx';
import type { TPublicBranch } from '../api/get-public-branch.ts';
import { formatDay, PAYMENT_LABEL } from '../lib/format.ts';
import { ProfileSection, SectionEmpty } from './profile-section.tsx';

const PhotoViewer = lazy(() => import('./photo-viewer.tsx').then((m) => ({ default: m.PhotoViewer })));

/** The sections a company fills in on /profile: photos, services, credentials, payment methods, FAQ. */

export function PhotosSection({ photos, companyName }: { photos: TPublicPhoto[]; companyName: string }) {
  const [open, setOpen] = useState<TPublicPhoto | null>(null);
  return (
    <ProfileSection
      id="photos"
      title="Photos"
      icon={<IconPhoto size={18} />}
      aside={
        photos.length ? (
          <Badge variant="light" color="gray">
            {photos.length}
          </Badge>
        ) : null
      }
    >
      {photos.length === 0 ? (
        <SectionEmpty>No photos yet</SectionEmpty>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {photos.map((photo, i) => (
            <UnstyledButton
              key={photo.id}
              onClick={() => setOpen(photo)}
              aria-label={`Open photo ${i + 1} of ${photos.length}`}
              data-testid="company-photo"
              style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
            >
              <Image
                src={photo.image}
                alt=""
                loading="lazy"
                radius="md"
                style={{ aspectRatio: '1 / 1', objectFit: 'cover' }}
              />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      {open ? (
        <Suspense fallback={null}>
          <PhotoViewer photo={open} photos={photos} companyName={companyName} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </ProfileSection>
  );
}

export function OfferedServicesSection({ services }: { services: TPublicBranch['selected_service'] }) {
  const active = services.filter((s) => s.is_active);
  return (
    <ProfileSection id="offered" title="What we do" icon={<IconListCheck size={18} />}>
      {active.length === 0 ? (
        <SectionEmpty>This company has not listed its services yet.</SectionEmpty>
      ) : (
        <List
          spacing={6}
          size="sm"
          icon={<IconCircleCheckFilled size={18} color="var(--mantine-color-teal-6)" aria-hidden />}
          data-testid="offered-services"
        >
          {active.map((s) => (
            <List.Item key={s.id}>{s.service}</List.Item>
          ))}
        </List>
      )}
    </ProfileSection>
  );
}

export function CredentialsSection({ credentials }: { credentials: TPublicCredentials }) {
  const licences = LICENCES.map((key) => ({ key, label: LICENCE_LABELS[key], saved: credentials[key] }));
  const flags = CREDENTIAL_FLAGS.map((key) => ({ key, label: FLAG_LABELS[key], on: credentials[key] }));
  const any = licences.some((l) => l.saved) || flags.some((f) => f.on);
  return (
    <ProfileSection id="credentials" title="Credentials" icon={<IconCertificate size={18} />}>
      {!any ? (
        <SectionEmpty>No credentials shared yet</SectionEmpty>
      ) : (
        <Stack gap="xs" data-testid="credentials">
          {licences.map(({ key, label, saved }) => {
            const valid = saved !== null && !saved.is_expired;
            return (
              <Group
                key={key}
                gap="xs"
                wrap="nowrap"
                align="flex-start"
                data-testid="credential"
                data-on={valid}
              >
                <Mark on={valid} />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" c={valid ? undefined : 'dimmed'}>
                    {label}
                    {saved === null ? <VisuallyHidden>: not shared</VisuallyHidden> : null}
                  </Text>
                  {saved ? (
                    <Text
                      size="xs"
                      c={saved.is_expired ? 'red.8' : 'dimmed'}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {[
                        saved.issuer,
                        saved.authority,
                        saved.is_expired ? 'Expired' : `Valid through ${formatDay(saved.expiration_date)}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  ) : null}
                </div>
              </Group>
            );
          })}
          {flags.map(({ key, label, on }) => (
            <Group key={key} gap="xs" wrap="nowrap" data-testid="credential" data-on={on}>
              <Mark on={on} />
              <Text size="sm" c={on ? undefined : 'dimmed'}>
                {label}
                <VisuallyHidden>{on ? ': yes' : ': no'}</VisuallyHidden>
              </Text>
            </Group>
          ))}
          <Text size="xs" c="dimmed" mt={4}>
            Licence and policy numbers are kept private.
          </Text>
        </Stack>
      )}
    </ProfileSection>
  );
}

function Mark({ on }: { on: boolean }) {
  return on ? (
    <IconCircleCheckFilled
      size={18}
      color="var(--mantine-color-teal-6)"
      aria-hidden
      style={{ flex: 'none' }}
    />
  ) : (
    <IconCircleMinus size={18} color="var(--mantine-color-gray-5)" aria-hidden style={{ flex: 'none' }} />
  );
}

export function PaymentMethodsSection({
  methods,
  options,
}: {
  methods: TPublicBranch['payment_methods'];
  options: TPublicBranch['payment_options'];
}) {
  return (
    <ProfileSection id="payments" title="Payment methods" icon={<IconWallet size={18} />}>
      <Stack gap="sm">
        {methods.length === 0 ? (
          <SectionEmpty>This company has not listed its payment methods yet.</SectionEmpty>
        ) : (
          <Group gap="xs" data-testid="payment-methods">
            {methods.map((m) => (
              <Badge
                key={m.name}
                size="lg"
                variant="default"
                tt="none"
                fw={500}
                leftSection={<PaymentMethodIcon name={m.name} height={18} />}
                data-testid="payment-method"
              >
                {m.name}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="xs" c="dimmed" data-testid="payment-options">
          Booked on Haulpro: {options.map((o) => PAYMENT_LABEL[o]).join(' or ')}.
        </Text>
      </Stack>
    </ProfileSection>
  );
}

export function FaqSection({ answers }: { answers: TPublicAnswer[] }) {
  return (
    <ProfileSection id="faq" title="FAQ" icon={<IconQuestionMark size={18} />}>
      {answers.length === 0 ? (
        <SectionEmpty>No questions answered yet</SectionEmpty>
      ) : (
        <Accordion variant="separated" radius="md" chevronPosition="right" data-testid="faq">
          {answers.map((a) => (
            <Accordion.Item key={a.id} value={String(a.id)}>
              <Accordion.Control>
                <Text size="sm" fw={600}>
                  {a.question}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {a.answer}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </ProfileSection>
  );
}

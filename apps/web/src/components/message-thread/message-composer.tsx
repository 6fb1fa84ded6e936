import { checkImageDataUrl, checkImageFile } from '@haulpro/shared/image';
import { MESSAGE_MAX_LENGTH, MESSAGE_MAX_PHOTOS, TALK_MSG } from '@haulpro/shared/talk';
import { ActionIcon, Button, FileButton, Group, Text, Textarea } from '@mantine/core';
import { IconPhotoPlus, IconSend, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useSendMessage } from '../../lib/api/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { TThreadAudience, TThreadTarget } from '../../lib/thread-target.ts';
import { checkDraft } from './check-draft.ts';
import classes from './message-thread.module.css';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The server's words for a refused message: the field's 422 message, or the 409's (closed). */
function serverMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return (
      error.field('body') ?? error.field('photos') ?? Object.values(error.errors)[0]?.[0] ?? error.message
    );
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

type TMessageComposerProps = { audience: TThreadAudience; target: TThreadTarget };

/**
 * Writing a message: text up to 2,000 characters with a counter, up to five photos (png or jpg,
 * 10 MB each) shown as removable previews, Send. Enter sends; Shift+Enter starts a new line.
 */
export function MessageComposer({ audience, target }: TMessageComposerProps) {
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendMessage(audience, target);
  const counterId = useId();
  const errorId = useId();
  const length = body.trim().length;
  const over = length > MESSAGE_MAX_LENGTH;

  async function addPhotos(files: File[]) {
    setProblem(null);
    const room = MESSAGE_MAX_PHOTOS - photos.length;
    if (files.length > room) setProblem(TALK_MSG.photoCount);
    const urls: string[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      const refused = checkImageFile(file);
      if (refused) {
        setProblem(`${file.name}: ${refused}`);
        continue;
      }
      const url = await readAsDataUrl(file).catch(() => null);
      const check = url ? checkImageDataUrl(url) : null;
      if (!url || !check?.ok) {
        setProblem(`${file.name}: ${check && !check.ok ? check.message : 'could not be read.'}`);
        continue;
      }
      if (!photos.includes(url) && !urls.includes(url)) urls.push(url);
    }
    if (urls.length > 0) setPhotos((prev) => [...prev, ...urls].slice(0, MESSAGE_MAX_PHOTOS));
  }

  function submit() {
    if (send.isPending) return;
    const refused = checkDraft(body, photos);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    send.mutate(
      { body: body.trim(), photos },
      {
        onSuccess: () => {
          setBody('');
          setPhotos([]);
        },
        onError: (error) => setProblem(serverMessage(error)),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="thread-composer"
    >
      {photos.length > 0 ? (
        <Group gap={6} mb={6} data-testid="thread-photo-previews">
          {photos.map((src, i) => (
            <div key={`${src.length}:${src.slice(-32)}`} className={classes.preview}>
              <img src={src} alt={`Attachment ${i + 1} to send`} />
              <ActionIcon
                className={classes.previewRemove}
                size="sm"
                radius="xl"
                color="dark"
                variant="filled"
                onClick={() => setPhotos((prev) => prev.filter((_, j) => j !== i))}
                aria-label={`Remove photo ${i + 1}`}
              >
                <IconX size={12} />
              </ActionIcon>
            </div>
          ))}
        </Group>
      ) : null}
      <Textarea
        aria-label="Message"
        placeholder="Write a message…"
        value={body}
        onChange={(event) => {
          setBody(event.currentTarget.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={onKeyDown}
        autosize
        minRows={2}
        maxRows={6}
        error={problem ? true : undefined}
        aria-describedby={problem ? `${counterId} ${errorId}` : counterId}
        data-testid="thread-input"
      />
      {problem ? (
        <Text size="sm" c="red.8" mt={4} id={errorId} role="alert" data-testid="thread-error">
          {problem}
        </Text>
      ) : null}
      <Group justify="space-between" gap="xs" mt={6} wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <FileButton
            onChange={(files) => void addPhotos(files)}
            accept="image/png,image/jpeg"
            multiple
            inputProps={{ 'aria-label': 'Photos to attach' }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconPhotoPlus size={16} />}
                disabled={photos.length >= MESSAGE_MAX_PHOTOS}
                data-testid="thread-add-photos"
              >
                Photos
              </Button>
            )}
          </FileButton>
          <Text size="xs" c={over ? 'red.8' : 'gray.7'} id={counterId} data-testid="thread-counter">
            {length.toLocaleString('en-US')} / {MESSAGE_MAX_LENGTH.toLocaleString('en-US')}
          </Text>
        </Group>
        <Button type="submit" size="xs" rightSection={<IconSend size={14} />} loading={send.isPending}>
          Send
        </Button>
      </Group>
    </form>
  );
}

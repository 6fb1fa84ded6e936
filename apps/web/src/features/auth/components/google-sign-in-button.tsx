import { Button, Stack, Text } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useState } from 'react';
import { loginWithGoogleToken } from '../api/login-with-google.ts';

type TGoogleIdentity = {
  accounts: {
    id: {
      initialize(config: { client_id: string; callback: (answer: { credential: string }) => void }): void;
      prompt(): void;
    };
  };
};

const GIS_SRC = 'https://accounts.google.com/gsi/client';
const clientId = import.meta.env.VITE_GOOGLE_CLIENT_ID;

function loadGoogleIdentity(): Promise<TGoogleIdentity> {
  const existing = (window as { google?: TGoogleIdentity }).google;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    script.onload = () => {
      const google = (window as { google?: TGoogleIdentity }).google;
      if (google) resolve(google);
      else reject(new Error('Google sign-in did not load'));
    };
    script.onerror = () => reject(new Error('Google sign-in did not load'));
    document.head.append(script);
  });
}

/**
 * The place for third-party sign-in. Without VITE_GOOGLE_CLIENT_ID it is shown disabled
 * with an explanation, so the layout is final either way.
 */
export function GoogleSignInButton({ remember }: { remember: boolean }) {
  const [loading, setLoading] = useState(false);

  if (!clientId) {
    return (
      // A caption rather than a tooltip: it is read on phones and by screen readers too.
      <Stack gap={4} data-testid="google-sign-in">
        <Button
          fullWidth
          variant="default"
          size="md"
          leftSection={<IconBrandGoogle size={18} />}
          disabled
          aria-describedby="google-sign-in-note"
        >
          Continue with Google
        </Button>
        <Text id="google-sign-in-note" size="xs" c="dimmed" ta="center">
          Google sign-in is not configured
        </Text>
      </Stack>
    );
  }

  async function start(id: string) {
    setLoading(true);
    try {
      const google = await loadGoogleIdentity();
      google.accounts.id.initialize({
        client_id: id,
        callback: ({ credential }) => {
          void loginWithGoogleToken(credential, remember).finally(() => setLoading(false));
        },
      });
      google.accounts.id.prompt();
    } catch {
      setLoading(false);
    }
  }

  return (
    <Button
      fullWidth
      variant="default"
      size="md"
      leftSection={<IconBrandGoogle size={18} />}
      loading={loading}
      onClick={() => void start(clientId)}
      data-testid="google-sign-in"
    >
      Continue with Google
    </Button>
  );
}

import { Button, Tooltip } from '@mantine/core';
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
      <Tooltip label="Google sign-in is not configured" withArrow>
        {/* A disabled button gets no pointer events; the wrapper carries the tooltip. */}
        <span style={{ display: 'block' }} data-testid="google-sign-in">
          <Button
            fullWidth
            variant="default"
            size="md"
            leftSection={<IconBrandGoogle size={18} />}
            disabled
            style={{ pointerEvents: 'none' }}
          >
            Continue with Google
          </Button>
        </span>
      </Tooltip>
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

import { Button, Divider } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuthProviders } from '../api/get-auth-providers.ts';
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
 * Third-party sign-in: "Continue with Google" with the "or" line above it, shown only when the
 * server has GOOGLE_CLIENT_ID (it says so at public/auth/providers); otherwise nothing.
 */
export function GoogleSignInButton({ remember }: { remember: boolean }) {
  const [loading, setLoading] = useState(false);
  const clientId = useAuthProviders().data?.google_client_id ?? null;
  if (!clientId) return null;

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
    <>
      <Divider label="or" labelPosition="center" />
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
    </>
  );
}

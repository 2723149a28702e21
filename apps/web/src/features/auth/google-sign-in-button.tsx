import { GOOGLE_SANDBOX_CLIENT_ID } from '@ustaz/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { Divider } from './auth-card.tsx';
import { GoogleSandboxButton } from './google-sandbox-button.tsx';

/** The little of Google Identity Services this screen uses. */
type GoogleIdentity = {
  accounts: {
    id: {
      initialize: (options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: 'popup' | 'redirect';
        context?: 'signin' | 'signup' | 'use';
      }) => void;
      renderButton: (
        parent: HTMLElement,
        options: {
          type?: 'standard' | 'icon';
          theme?: 'outline' | 'filled_blue' | 'filled_black';
          size?: 'large' | 'medium' | 'small';
          text?: 'signin_with' | 'signup_with' | 'continue_with';
          shape?: 'rectangular' | 'pill';
          logo_alignment?: 'left' | 'center';
          width?: number;
          locale?: string;
        },
      ) => void;
    };
  };
};

const GSI_SCRIPT = 'https://accounts.google.com/gsi/client';

function currentGoogle(): GoogleIdentity | undefined {
  return (window as unknown as { google?: GoogleIdentity }).google;
}

let loading: Promise<GoogleIdentity> | null = null;

/** Loads Google's sign-in script once (created from code: the page's CSP trusts scripts the app adds). */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const ready = currentGoogle();
    if (ready?.accounts?.id) {
      resolve(ready);
      return;
    }
    const script = document.createElement('script');
    script.src = GSI_SCRIPT;
    script.async = true;
    script.onload = () => {
      const google = currentGoogle();
      if (google?.accounts?.id) resolve(google);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Google's own sign-in button, shown only when the settings carry a client id. The ID token
 * (credential) it returns goes to onCredential. While `busy`, a spinner covers it.
 */
export function GoogleSignInButton({
  clientId,
  mode,
  busy = false,
  onCredential,
}: {
  clientId: string;
  mode: 'signin' | 'signup';
  busy?: boolean;
  onCredential: (idToken: string) => void;
}) {
  const { t, i18n } = useTranslation('auth');
  const container = useRef<HTMLDivElement>(null);
  const onCredentialRef = useRef(onCredential);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const language = i18n.resolvedLanguage ?? i18n.language;

  useEffect(() => {
    onCredentialRef.current = onCredential;
  });

  useEffect(() => {
    let active = true;
    loadGoogleIdentity().then(
      (google) => {
        const parent = container.current;
        if (!active || !parent) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          context: mode,
          callback: (response) => {
            if (response.credential) onCredentialRef.current(response.credential);
          },
        });
        parent.replaceChildren();
        google.accounts.id.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'rectangular',
          logo_alignment: 'center',
          text: mode === 'signup' ? 'signup_with' : 'signin_with',
          width: Math.min(400, Math.max(200, parent.offsetWidth)),
          locale: language,
        });
        setStatus('ready');
      },
      () => {
        if (active) setStatus('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [clientId, mode, language]);

  if (status === 'failed') {
    return (
      <p className="text-center text-sm text-slate-500" data-testid="google-unavailable">
        {t('google.unavailable')}
      </p>
    );
  }

  return (
    <div className="relative flex min-h-11 justify-center" data-testid="google-sign-in" aria-busy={busy || undefined}>
      <div ref={container} className="flex w-full justify-center" />
      {status === 'loading' || busy ? (
        <div className="absolute inset-0 flex items-center justify-center rounded-lg bg-white/80 text-primary">
          <Spinner size="md" label={busy ? t('google.signingIn') : undefined} />
        </div>
      ) : null}
    </div>
  );
}

/** Under the e-mail form of login and sign-up: "or", then the Google button (or the sandbox's, ADR 027); nothing without a client id. */
export function GoogleAlternative({
  clientId,
  mode,
  busy,
  onCredential,
}: {
  clientId: string | null;
  mode: 'signin' | 'signup';
  busy: boolean;
  onCredential: (idToken: string) => void;
}) {
  const { t } = useTranslation('auth');
  if (!clientId) return null;
  return (
    <>
      <Divider label={t('common.or')} />
      {clientId === GOOGLE_SANDBOX_CLIENT_ID ? (
        <GoogleSandboxButton busy={busy} onCredential={onCredential} />
      ) : (
        <GoogleSignInButton clientId={clientId} mode={mode} busy={busy} onCredential={onCredential} />
      )}
    </>
  );
}

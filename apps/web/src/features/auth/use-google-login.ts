import type { TokensResponse } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../shared/http/client.ts';
import { errorText } from '../../shared/lib/error-text.ts';
import { loginWithGoogle } from './api/google-login.ts';
import { ERROR_TEXTS } from './auth-error-texts.ts';

/**
 * The Google button's credential turned into a session (POST google/login) on the login and
 * sign-up screens: the banner cleared, `busy` while it goes, then `onTokens`. A failure the screen
 * knows (`handled` says so) is the screen's; any other reads as the banner: "Google sign-in
 * failed" for a refused token (401), else what the failure says.
 */
export function useGoogleLogin({
  setBanner,
  onTokens,
  handled = () => false,
}: {
  setBanner: (text: string | null) => void;
  onTokens: (tokens: TokensResponse) => Promise<void>;
  handled?: (error: unknown) => boolean;
}) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  async function signIn(idToken: string) {
    setBanner(null);
    setBusy(true);
    try {
      await onTokens(await loginWithGoogle(idToken));
    } catch (error) {
      if (handled(error)) return;
      setBanner(
        error instanceof ApiRequestError && error.status === 401
          ? t('errors.googleFailed')
          : errorText(error, t, ERROR_TEXTS.auth, 'errors.googleFailed'),
      );
    } finally {
      setBusy(false);
    }
  }
  return { busy, onCredential: (idToken: string) => void signIn(idToken) };
}

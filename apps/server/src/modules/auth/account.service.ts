import type { DeleteMeBody, Language, RegisterBody, UpdateMeBody } from '@ustaz/contract';
import type { AuthContext } from './auth-context.ts';
import { deleteMe } from './delete-me.ts';
import { register } from './register.ts';
import type { AccessClaims } from './tokens.ts';
import { updateMe } from './update-me.ts';
import { me, userProfile } from './user-profile.ts';

/** The account: registration, one's own profile (read, change, delete) and other users' public profiles. */
export function createAccountService(ctx: AuthContext) {
  return {
    register: (body: RegisterBody, language: Language) => register(ctx, body, language),
    me: (userId: number) => me(ctx, userId),
    updateMe: (auth: AccessClaims, body: UpdateMeBody, ip: string) => updateMe(ctx, auth, body, ip),
    deleteMe: (auth: AccessClaims, body: DeleteMeBody, ip: string) => deleteMe(ctx, auth, body, ip),
    userProfile: (viewerId: number, id: number, language?: Language) => userProfile(ctx, viewerId, id, language),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

import type { Db } from '../db/client.ts';
import { findUserByEmail, updateUser } from '../modules/auth/auth.repo.ts';

/**
 * The demo people's names spelled for the pages of the other language (ADR 020), by e-mail:
 * Arabic names get their usual Kuwaiti English spelling, English ones an Arabic one.
 */
export const SEED_NAME_SPELLINGS: Record<string, { ar: [string, string] } | { en: [string, string] }> = {
  'admin@ustaz.example': { en: ['Platform', 'Admin'] },
  'teacher@ustaz.example': { en: ['Sarah', 'Al-Enezi'] },
  'teacher2@ustaz.example': { ar: ['أحمد', 'المطيري'] },
  'teacher3@ustaz.example': { en: ['Noura', 'Al-Rashidi'] },
  'teacher4@ustaz.example': { en: ['Abdullah', 'Al-Mutairi'] },
  'teacher5@ustaz.example': { en: ['Fatma', 'Al-Kandari'] },
  'teacher6@ustaz.example': { en: ['Mohammad', 'Al-Ajmi'] },
  'teacher7@ustaz.example': { en: ['Maryam', 'Al-Shammari'] },
  'teacher8@ustaz.example': { en: ['Khaled', 'Al-Hajri'] },
  'teacher9@ustaz.example': { en: ['Dana', 'Al-Otaibi'] },
  'teacher10@ustaz.example': { en: ['Yousef', 'Al-Bannai'] },
  'teacher11@ustaz.example': { en: ['Haya', 'Al-Fadhli'] },
  'teacher12@ustaz.example': { en: ['Ali', 'Al-Mousawi'] },
  'teacher13@ustaz.example': { en: ['Sheikha', 'Al-Dosari'] },
  'teacher14@ustaz.example': { en: ['Hamad', 'Al-Rashed'] },
  'teacher15@ustaz.example': { en: ['Latifa', 'Al-Khaldi'] },
  'teacher16@ustaz.example': { en: ['Omar', 'Al-Salem'] },
  'teacher17@ustaz.example': { en: ['Reem', 'Al-Qattan'] },
  'teacher18@ustaz.example': { en: ['Salman', 'Al-Azmi'] },
  'teacher19@ustaz.example': { en: ['Amal', 'Al-Harbi'] },
  'teacher20@ustaz.example': { en: ['Jassim', 'Al-Bader'] },
  'teacher21@ustaz.example': { en: ['Munira', 'Al-Saleh'] },
  'teacher22@ustaz.example': { en: ['Tarek', 'Haddad'] },
  'teacher23@ustaz.example': { en: ['Rana', 'Khoury'] },
  'teacher24@ustaz.example': { ar: ['إميلي', 'كارتر'] },
  'teacher25@ustaz.example': { ar: ['جيمس', 'ويلسون'] },
  'teacher26@ustaz.example': { ar: ['صوفي', 'مارتن'] },
  'teacher27@ustaz.example': { ar: ['دانيال', 'بروكس'] },
  'teacher28@ustaz.example': { ar: ['هانا', 'لي'] },
  'teacher29@ustaz.example': { ar: ['عمر', 'فاروق'] },
  'teacher30@ustaz.example': { ar: ['ياسمين', 'حداد'] },
  'student@ustaz.example': { en: ['Fahad', 'Al-Kandari'] },
  'student2@ustaz.example': { ar: ['مريم', 'حسن'] },
  'student3@ustaz.example': { en: ['Abdulrahman', 'Al-Fares'] },
  'student4@ustaz.example': { en: ['Nouf', 'Al-Otaibi'] },
  'student5@ustaz.example': { en: ['Saud', 'Al-Mutairi'] },
  'student6@ustaz.example': { en: ['Ghadeer', 'Al-Kandari'] },
  'student7@ustaz.example': { en: ['Meshari', 'Al-Enezi'] },
  'student8@ustaz.example': { en: ['Hessa', 'Al-Shammari'] },
  'student9@ustaz.example': { ar: ['سارة', 'جونسون'] },
  'student10@ustaz.example': { ar: ['آدم', 'خان'] },
  'student11@ustaz.example': { ar: ['لينا', 'حداد'] },
  'student12@ustaz.example': { ar: ['نوح', 'سميث'] },
};

/**
 * Gives each demo account its spelling where that language has none yet (a fresh database, or one
 * seeded before names had spellings), then `onNamesChanged` (the teacher's search text). An
 * account's own spelling is never overwritten. Returns how many accounts got one.
 */
export async function fillSeedNameSpellings(
  db: Db,
  onNamesChanged: (userId: number) => Promise<void>,
): Promise<number> {
  let filled = 0;
  for (const [email, spelling] of Object.entries(SEED_NAME_SPELLINGS)) {
    const user = await findUserByEmail(db, email);
    if (!user) continue;
    if ('en' in spelling) {
      if (user.firstNameEn !== null) continue;
      await updateUser(db, user.id, { firstNameEn: spelling.en[0], lastNameEn: spelling.en[1] });
    } else {
      if (user.firstNameAr !== null) continue;
      await updateUser(db, user.id, { firstNameAr: spelling.ar[0], lastNameAr: spelling.ar[1] });
    }
    await onNamesChanged(user.id);
    filled += 1;
  }
  return filled;
}

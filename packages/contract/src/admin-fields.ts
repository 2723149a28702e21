import { z } from 'zod';
import { asciiDigitsValue } from './digits.ts';
import { pagingQuery } from './list.ts';

// The query fields and the reason the admin schemas share (not exported by the package).

/** `?page` and `?limit` of every admin list: 20 rows a page unless asked for up to 100. */
export const paging = pagingQuery(100, 20);
export const searchQuery = z.string().trim().max(100).optional();
/** A row id in a query: a positive PostgreSQL integer, else 422 (never a database error). */
export const idQuery = z.preprocess(asciiDigitsValue, z.coerce.number().int().positive().max(2_147_483_647)).optional();
/** A calendar day or an instant; the server treats a bare day as its start (UTC). */
export const dateQuery = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional();
/** `?from` and `?to`: a list's bounds by date. */
export const dayRange = { from: dateQuery, to: dateQuery };
export const reasonSchema = z.string().trim().min(3).max(500);

/**
 * What the islands build (ADR 038, vite.islands.config.ts) gives in place of i18next: the part of
 * it the app uses, over the texts the server inlined (and the namespaces loaded later through the
 * same fetch backend). It resolves keys, plurals, nested objects and `{{value}}` interpolation
 * exactly as i18next does with the app's options (i18n-lite.test.ts compares every key of every
 * locale file with i18next's answer), so an island hydrates the server's text as it is.
 * Only the names the island code imports are here: the build fails on any other.
 */
type Texts = Record<string, unknown>;
type Options = Record<string, unknown> & {
  ns?: string | readonly string[];
  count?: unknown;
  returnObjects?: boolean;
  defaultValue?: unknown;
  ordinal?: boolean;
};
type Formatter = {
  type: 'formatter';
  format: (value: unknown, format: undefined, lng: string, options: Options) => unknown;
};
type Backend = {
  type: 'backend';
  read: (lng: string, ns: string, done: (error: unknown, data?: Texts) => void) => void;
};
type Plugin = Formatter | Backend | { type: string; init?: (instance: I18nLite) => void };
type InitOptions = {
  lng?: string;
  ns?: string | readonly string[];
  defaultNS?: string;
  resources?: Record<string, Record<string, Texts>>;
  interpolation?: { alwaysFormat?: boolean };
  maxRetries?: number;
  retryTimeout?: number;
};

export type TFunction = (key: string | readonly string[], options?: Options) => unknown;

const INTERPOLATION = /{{(.+?)}}/g;

class I18nLite {
  language = 'ar';
  resolvedLanguage = 'ar';
  languages: string[] = ['ar'];
  isInitialized = false;
  options: InitOptions & { react?: unknown } = {};
  #store: Record<string, Record<string, Texts>> = {};
  #formatter: Formatter | undefined;
  #backend: Backend | undefined;
  #loading = new Map<string, Promise<void>>();
  #plurals = new Map<string, Intl.PluralRules>();
  #listeners = new Map<string, Set<(...args: unknown[]) => void>>();

  use(plugin: Plugin): this {
    if (plugin.type === 'formatter') this.#formatter = plugin as Formatter;
    else if (plugin.type === 'backend') this.#backend = plugin as Backend;
    else (plugin as { init?: (instance: I18nLite) => void }).init?.(this);
    return this;
  }

  async init(options: InitOptions): Promise<TFunction> {
    this.options = options;
    this.language = options.lng ?? this.language;
    this.resolvedLanguage = this.language;
    this.languages = [this.language];
    for (const [lng, namespaces] of Object.entries(options.resources ?? {}))
      for (const [ns, texts] of Object.entries(namespaces)) this.addResourceBundle(lng, ns, texts);
    const wanted = typeof options.ns === 'string' ? [options.ns] : [...(options.ns ?? [])];
    await this.loadNamespaces(wanted);
    this.isInitialized = true;
    this.emit('initialized', options);
    return this.t;
  }

  addResourceBundle(lng: string, ns: string, texts: Texts): void {
    this.#store[lng] = { ...this.#store[lng], [ns]: texts };
    this.emit('added', lng, ns);
  }

  hasLoadedNamespace(ns: string): boolean {
    return this.#store[this.language]?.[ns] !== undefined;
  }

  /** Loads the namespaces not held yet (the fetch backend, retried as i18next's options say). */
  loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    return Promise.all(list.filter((ns) => !this.hasLoadedNamespace(ns)).map((ns) => this.#load(ns))).then(() => {});
  }

  #load(ns: string): Promise<void> {
    const lng = this.language;
    const key = `${lng}|${ns}`;
    let loading = this.#loading.get(key);
    if (!loading) {
      const backend = this.#backend;
      const tries = (this.options.maxRetries ?? 0) + 1;
      loading = new Promise<void>((resolve) => {
        const attempt = (left: number, delay: number) => {
          if (!backend) return resolve();
          backend.read(lng, ns, (error, data) => {
            if (!error && data) {
              this.addResourceBundle(lng, ns, data);
              return resolve();
            }
            if (left <= 1) {
              // As i18next: a namespace that cannot be had shows its keys.
              this.addResourceBundle(lng, ns, {});
              return resolve();
            }
            setTimeout(() => attempt(left - 1, delay * 2), delay);
          });
        };
        attempt(tries, this.options.retryTimeout ?? 350);
      });
      this.#loading.set(key, loading);
    }
    return loading;
  }

  dir(lng: string = this.language): 'rtl' | 'ltr' {
    return lng === 'ar' ? 'rtl' : 'ltr';
  }

  on(event: string, listener: (...args: unknown[]) => void): void {
    const set = this.#listeners.get(event) ?? new Set();
    set.add(listener);
    this.#listeners.set(event, set);
  }

  off(event: string, listener?: (...args: unknown[]) => void): void {
    if (listener) this.#listeners.get(event)?.delete(listener);
    else this.#listeners.delete(event);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.#listeners.get(event) ?? []) listener(...args);
  }

  exists(key: string, options?: Options): boolean {
    return this.#find(key, options ?? {}) !== undefined;
  }

  t: TFunction = (key, options) => this.translate(key, options ?? {});

  getFixedT(_lng: string | null, ns?: string | readonly string[] | null, keyPrefix?: string): TFunction {
    const fixedNs = ns ?? undefined;
    return (key, options) => {
      const keys = (Array.isArray(key) ? key : [key]) as string[];
      const prefixed = keyPrefix ? keys.map((k) => `${keyPrefix}.${k}`) : keys;
      return this.translate(prefixed, { ...options, ns: options?.ns ?? fixedNs });
    };
  }

  translate(keyOrKeys: string | readonly string[], options: Options): unknown {
    const keys = typeof keyOrKeys === 'string' ? [keyOrKeys] : keyOrKeys;
    for (const key of keys) {
      const found = this.#find(key, options);
      if (found === undefined) continue;
      if (typeof found === 'string') return this.#interpolate(found, options);
      if (found !== null && typeof found === 'object') {
        if (!options.returnObjects) return `key '${key} (${this.language})' returned an object instead of string.`;
        return this.#translateObject(key, found as Texts | unknown[], options);
      }
      return found;
    }
    if (options.defaultValue !== undefined)
      return typeof options.defaultValue === 'string'
        ? this.#interpolate(options.defaultValue, options)
        : options.defaultValue;
    const last = keys.at(-1) ?? '';
    return this.#split(last, options).key;
  }

  #translateObject(key: string, found: Texts | unknown[], options: Options): unknown {
    const { ns, key: inner } = this.#split(key, options);
    const copy: Record<string, unknown> | unknown[] = Array.isArray(found) ? [] : {};
    for (const member of Object.keys(found))
      (copy as Record<string, unknown>)[member] = this.translate(`${ns}:${inner}.${member}`, { ...options, ns });
    return copy;
  }

  #split(key: string, options: Options): { ns: string; key: string } {
    const at = key.indexOf(':');
    if (at > 0) return { ns: key.slice(0, at), key: key.slice(at + 1) };
    const ns = options.ns;
    const first = typeof ns === 'string' ? ns : ns?.[0];
    return { ns: first ?? this.options.defaultNS ?? 'translation', key };
  }

  #find(fullKey: string, options: Options): unknown {
    const { ns, key } = this.#split(fullKey, options);
    const namespaces = fullKey.includes(':') || typeof options.ns === 'string' || !options.ns ? [ns] : [...options.ns];
    const lookups = [key];
    if (options.count !== undefined && typeof options.count !== 'string') {
      const count = Number(options.count);
      lookups.push(`${key}_${this.#plural(options.ordinal === true).select(count)}`);
      if (!options.ordinal && count === 0) lookups.push(`${key}_zero`);
    }
    for (const namespace of namespaces) {
      let found: unknown;
      // As i18next: the most specific form first (zero, then the plural form, then the key).
      for (let i = lookups.length - 1; i >= 0 && found === undefined; i--)
        found = this.#resource(namespace, lookups[i] as string);
      if (found !== undefined && found !== null) return found;
    }
    return undefined;
  }

  #plural(ordinal: boolean): Intl.PluralRules {
    const key = `${this.language}|${ordinal}`;
    let rules = this.#plurals.get(key);
    if (!rules) {
      rules = new Intl.PluralRules(this.language, { type: ordinal ? 'ordinal' : 'cardinal' });
      this.#plurals.set(key, rules);
    }
    return rules;
  }

  #resource(ns: string, key: string): unknown {
    const texts = this.#store[this.language]?.[ns];
    if (!texts) return undefined;
    let node: unknown = texts;
    for (const part of key.split('.')) {
      if (node === null || typeof node !== 'object') {
        node = undefined;
        break;
      }
      node = (node as Texts)[part];
    }
    return node !== undefined ? node : deepFind(texts, key);
  }

  #interpolate(text: string, options: Options): string {
    if (!text.includes('{{')) return text;
    return text.replace(INTERPOLATION, (match, inner: string) => {
      const name = inner.trim().replace(/^-\s*/, '');
      let value: unknown = options;
      for (const part of name.split('.'))
        value = value === null || value === undefined ? undefined : (value as Texts)[part];
      if (this.options.interpolation?.alwaysFormat && this.#formatter)
        value = this.#formatter.format(value, undefined, this.language, { ...options, interpolationkey: name });
      // As i18next: a value not given leaves its placeholder; null is written as nothing.
      if (value === undefined) return match;
      if (value === null) return '';
      return typeof value === 'string' ? value : String(value);
    });
  }
}

/** i18next's lookup of keys that hold dots at some level ("teacherApplication.approve"). */
function deepFind(texts: Texts, path: string): unknown {
  if (texts[path]) return Object.hasOwn(texts, path) ? texts[path] : undefined;
  const tokens = path.split('.');
  let current: unknown = texts;
  for (let i = 0; i < tokens.length; ) {
    if (!current || typeof current !== 'object') return undefined;
    let next: unknown;
    let nextPath = '';
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += '.';
      nextPath += tokens[j];
      next = (current as Texts)[nextPath];
      if (next !== undefined) {
        if (['string', 'number', 'boolean'].includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    if (next === undefined) return undefined;
    current = next;
  }
  return current;
}

export type i18n = I18nLite;
export type { I18nLite };

const instance = new I18nLite();
// biome-ignore lint/style/noDefaultExport: it stands for i18next, whose default export the app imports
export default instance;

export function createInstance(): I18nLite {
  return new I18nLite();
}

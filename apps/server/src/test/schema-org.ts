/**
 * A checker for the JSON-LD the pages write, against the part of the schema.org vocabulary they
 * use (properties per type, with the types' parents, as schema.org lists them) and the properties
 * search engines require of those types (Google's structured-data rules: an Offer's price, a
 * rating's value and count, a breadcrumb's positions). Used by the tests; answers the problems.
 */

type Kind = 'text' | 'url' | 'number' | 'integer' | 'ref' | { types: string[] };

type TypeSpec = { parent?: string; properties: Record<string, Kind | Kind[]>; required?: string[] };

const TYPES: Record<string, TypeSpec> = {
  Thing: {
    properties: {
      name: 'text',
      url: 'url',
      image: 'url',
      description: 'text',
      sameAs: 'url',
      identifier: 'text',
    },
  },
  Person: {
    parent: 'Thing',
    properties: {
      givenName: 'text',
      familyName: 'text',
      jobTitle: 'text',
      knowsAbout: 'text',
      knowsLanguage: 'text',
      makesOffer: { types: ['Offer'] },
      email: 'text',
      telephone: 'text',
    },
    required: ['name'],
  },
  Organization: {
    parent: 'Thing',
    properties: {
      logo: 'url',
      email: 'text',
      telephone: 'text',
      address: 'text',
      contactPoint: { types: ['ContactPoint'] },
      makesOffer: { types: ['Offer'] },
      aggregateRating: { types: ['AggregateRating'] },
    },
    required: ['name', 'url'],
  },
  EducationalOrganization: { parent: 'Organization', properties: {} },
  ContactPoint: {
    parent: 'Thing',
    properties: { contactType: 'text', email: 'text', telephone: 'text', availableLanguage: 'text' },
  },
  Offer: {
    parent: 'Thing',
    properties: {
      price: 'number',
      priceCurrency: 'text',
      priceSpecification: { types: ['PriceSpecification', 'UnitPriceSpecification'] },
      itemOffered: { types: ['Service', 'Product'] },
      aggregateRating: { types: ['AggregateRating'] },
    },
    required: ['price', 'priceCurrency'],
  },
  PriceSpecification: { parent: 'Thing', properties: { price: 'number', priceCurrency: 'text' } },
  UnitPriceSpecification: {
    parent: 'PriceSpecification',
    properties: { unitCode: 'text', referenceQuantity: { types: ['QuantitativeValue'] } },
    required: ['price', 'priceCurrency'],
  },
  QuantitativeValue: { parent: 'Thing', properties: { value: 'number', unitCode: 'text' } },
  Service: {
    parent: 'Thing',
    properties: {
      serviceType: 'text',
      provider: ['ref', { types: ['Person', 'Organization'] }],
      aggregateRating: { types: ['AggregateRating'] },
    },
    required: ['name'],
  },
  Rating: { parent: 'Thing', properties: { ratingValue: 'number', bestRating: 'number', worstRating: 'number' } },
  AggregateRating: {
    parent: 'Rating',
    properties: { ratingCount: 'integer', reviewCount: 'integer', itemReviewed: 'ref' },
    required: ['ratingValue'],
  },
  ItemList: { parent: 'Thing', properties: { itemListElement: { types: ['ListItem'] } } },
  BreadcrumbList: { parent: 'ItemList', properties: {}, required: ['itemListElement'] },
  ListItem: { parent: 'Thing', properties: { position: 'integer', item: 'url' }, required: ['position', 'name'] },
};

function propertiesOf(type: string): Record<string, Kind | Kind[]> {
  const spec = TYPES[type];
  if (!spec) return {};
  return { ...(spec.parent ? propertiesOf(spec.parent) : {}), ...spec.properties };
}

function fits(value: unknown, kind: Kind): boolean {
  if (kind === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (kind === 'integer') return Number.isInteger(value);
  if (kind === 'text') return typeof value === 'string' && value.trim() !== '';
  if (kind === 'url') return typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);
  if (kind === 'ref') return isObject(value) && Object.keys(value).join() === '@id' && typeof value['@id'] === 'string';
  return isObject(value) && kind.types.includes(String(value['@type']));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Type-specific rules beyond the vocabulary: what a search engine needs to use the data. */
function rulesOf(type: string, node: Record<string, unknown>, at: string): string[] {
  const problems: string[] = [];
  if ((type === 'Offer' || type.endsWith('PriceSpecification')) && !/^[A-Z]{3}$/.test(String(node.priceCurrency))) {
    problems.push(`${at}.priceCurrency: not an ISO 4217 code`);
  }
  if (type === 'AggregateRating') {
    if (node.ratingCount === undefined && node.reviewCount === undefined)
      problems.push(`${at}: ratingCount or reviewCount required`);
    const best = typeof node.bestRating === 'number' ? node.bestRating : 5;
    const worst = typeof node.worstRating === 'number' ? node.worstRating : 1;
    const value = node.ratingValue as number;
    if (value < worst || value > best) problems.push(`${at}.ratingValue: ${value} outside ${worst}..${best}`);
  }
  if (type === 'BreadcrumbList') {
    const items = node.itemListElement;
    if (!Array.isArray(items) || items.length === 0) problems.push(`${at}.itemListElement: empty`);
    else
      items.forEach((item, index) => {
        if (isObject(item) && item.position !== index + 1)
          problems.push(`${at}.itemListElement[${index}].position: ${String(item.position)}, expected ${index + 1}`);
      });
  }
  return problems;
}

function check(node: unknown, at: string): string[] {
  if (!isObject(node)) return [`${at}: not an object`];
  const type = node['@type'];
  if (typeof type !== 'string' || !TYPES[type]) return [`${at}: unknown @type ${String(type)}`];
  const allowed = propertiesOf(type);
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '@type' || key === '@id' || key === '@context') continue;
    const kinds = allowed[key];
    if (!kinds) {
      problems.push(`${at}.${key}: not a property of ${type}`);
      continue;
    }
    const options = Array.isArray(kinds) ? kinds : [kinds];
    for (const [index, one] of (Array.isArray(value) ? value : [value]).entries()) {
      const where = Array.isArray(value) ? `${at}.${key}[${index}]` : `${at}.${key}`;
      if (!options.some((kind) => fits(one, kind)))
        problems.push(`${where}: ${JSON.stringify(one)} is not ${JSON.stringify(kinds)}`);
      else if (isObject(one) && '@type' in one) problems.push(...check(one, where));
    }
  }
  let spec: TypeSpec | undefined = TYPES[type];
  const required = new Set<string>();
  while (spec) {
    for (const key of spec.required ?? []) required.add(key);
    spec = spec.parent ? TYPES[spec.parent] : undefined;
  }
  for (const key of required) if (node[key] === undefined) problems.push(`${at}.${key}: required`);
  return [...problems, ...rulesOf(type, node, at)];
}

/** The problems of one top-level JSON-LD object (empty: valid); it must carry the schema.org context. */
export function schemaOrgProblems(data: unknown): string[] {
  if (!isObject(data)) return ['not an object'];
  const context = data['@context'];
  return [
    ...(context === 'https://schema.org' ? [] : [`@context: ${String(context)}`]),
    ...check(data, String(data['@type'])),
  ];
}

/**
 * Client features stay apart: a file of src/client/features/<a> imports another feature only
 * through that feature's index (src/client/features/<b>/index.ts, what it exports for others), and
 * components/ and lib/ import no feature at all (they sit below the features). Routes, main.tsx and
 * tests may reach into a feature. Imports are resolved from relative paths and the @client alias.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT = path.join(ROOT, 'src', 'client');
const FEATURES = path.join(CLIENT, 'features');

/** The absolute path an import names, or null for a package. */
function target(spec, file) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  if (spec.startsWith('@client/')) return path.join(CLIENT, spec.slice('@client/'.length));
  return null;
}

/** ['admin-algos', 'components/pending-link'] for a path in a feature, else null. */
function featureOf(file) {
  const rel = path.relative(FEATURES, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [name, ...rest] = rel.split(path.sep);
  return [name, rest.join('/')];
}

function within(file, folder) {
  const rel = path.relative(path.join(CLIENT, folder), file);
  return !rel.startsWith('..') && !path.isAbsolute(rel);
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description: 'A feature imports another feature only through its index; components/ and lib/ import no feature.',
    },
    messages: {
      throughIndex:
        "Import '{{feature}}' through its index ('@client/features/{{feature}}'): a feature uses another one only through what it exports for others (add it there, or move the piece to components/ or lib/).",
      noFeature:
        "{{folder}}/ sits below the features and imports none of them ('{{spec}}'): move the piece here, or compose it in a route.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = featureOf(file);
    const below = ['components', 'lib'].find((folder) => within(file, folder));
    if (!own && !below) return {};

    function check(node) {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const resolved = target(source.value, file);
      const other = resolved && featureOf(resolved);
      if (!other) return;
      if (below) context.report({ node: source, messageId: 'noFeature', data: { folder: below, spec: source.value } });
      else if (other[0] !== own[0] && other[1] !== '' && other[1] !== 'index') {
        context.report({ node: source, messageId: 'throughIndex', data: { feature: other[0] } });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

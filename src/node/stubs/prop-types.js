// Stands in for prop-types in the browser bundle: React 19 no longer checks propTypes, so the validators that
// Gatsby's router and link declare are never run. Every validator (and `.isRequired`, and the result of
// `shape(…)`, `oneOf(…)`…) is this one function. See slimGatsbyRuntime().
function validator() {
  return validator;
}
validator.isRequired = validator;
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : validator) });

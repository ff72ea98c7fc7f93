// Some ESM-only packages (estree-walker, periscopic, is-reference…) export only an "import" condition,
// which Jest's CommonJS resolution cannot see. Fall back to it; babel-jest then transforms the file.
module.exports = (request, options) => {
  try {
    return options.defaultResolver(request, options);
  } catch (error) {
    try {
      return options.defaultResolver(request, { ...options, conditions: ['import', 'default'] });
    } catch {
      throw error;
    }
  }
};

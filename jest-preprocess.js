const babelOptions = {
  presets: [['babel-preset-gatsby', { reactRuntime: 'automatic' }], '@babel/preset-typescript'],
  // babel-preset-gatsby transforms class fields; Stan's build also has private methods.
  plugins: [['@babel/plugin-transform-private-methods', { loose: true }]],
};

module.exports = require('babel-jest').default.createTransformer(babelOptions);

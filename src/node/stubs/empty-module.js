// Stands in for Gatsby runtime modules this site never runs in production; see slimGatsbyRuntime().
module.exports = {};

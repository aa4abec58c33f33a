// Test helper, loaded with `node --require`: every server that listens on all interfaces binds
// 127.0.0.1 instead, so test servers are never reachable from outside this machine.
// The bind stays synchronous (the conformance runner reads server.address().port right after
// listen(0)): Node resolves even a literal host through dns.lookup asynchronously, so during our
// own listen() call that one lookup answers at once.
'use strict';
const net = require('node:net');
const dns = require('node:dns');

const LOOPBACK = '127.0.0.1';
const WILDCARDS = new Set(['0.0.0.0', '::', '']);
const originalListen = net.Server.prototype.listen;
const originalLookup = dns.lookup;
let answerLoopbackAtOnce = false;

dns.lookup = function (hostname, options, callback) {
  if (answerLoopbackAtOnce && hostname === LOOPBACK) {
    const done = typeof options === 'function' ? options : callback;
    if (options && typeof options === 'object' && options.all) {
      done(null, [{ address: LOOPBACK, family: 4 }]);
    } else {
      done(null, LOOPBACK, 4);
    }
    return {};
  }
  return originalLookup.apply(this, arguments);
};

function isPort(value) {
  return typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value));
}

net.Server.prototype.listen = function (...args) {
  const first = args[0];
  if (first !== null && typeof first === 'object' && !Array.isArray(first)) {
    const usesPathOrHandle = first.path !== undefined || first.fd !== undefined || first.handle !== undefined ||
      first._handle !== undefined;
    if (!usesPathOrHandle && (first.host === undefined || WILDCARDS.has(first.host))) {
      args[0] = { ...first, host: LOOPBACK };
    }
  } else if (first === undefined || typeof first === 'function' || isPort(first)) {
    if (first === undefined || typeof first === 'function') {
      args.unshift(0);
    }
    if (typeof args[1] !== 'string') {
      args.splice(1, 0, LOOPBACK);
    } else if (WILDCARDS.has(args[1])) {
      args[1] = LOOPBACK;
    }
  }
  answerLoopbackAtOnce = true;
  try {
    return originalListen.apply(this, args);
  } finally {
    answerLoopbackAtOnce = false;
  }
};

if (process.env.TOOLGATE_REPORT_LISTEN) {
  // Tell the test which port a server picked (PORT=0) on stderr.
  const originalEmit = net.Server.prototype.emit;
  net.Server.prototype.emit = function (event, ...rest) {
    if (event === 'listening') {
      const address = this.address();
      if (address && typeof address === 'object') {
        process.stderr.write(`TOOLGATE_LISTENING ${address.address}:${address.port}\n`);
      }
    }
    return originalEmit.call(this, event, ...rest);
  };
}

// The app's prelude: runs in every frame the app's code runs in (its sandboxed frame and any frame it
// makes), in the app's own script world, before any script of the app (appwebengineplugin.cpp injects
// it when each document is created). It does two things and nothing else:
//  1. provides the few APIs that apps written for current browsers use and Qt WebEngine 6.4 (Chromium
//     102, Debian 12's) lacks, each only where the engine has none;
//  2. makes what the app says on its console readable to the host, which only ever gets one string a
//     line, and reports what the app let fail uncaught.
// It opens no way out of the sandbox: no bridge, no request; what it reports goes to the console, as
// the app's own lines always did.
//
// Already native in Qt WebEngine 6.4, the oldest Toolgate builds with, and so not provided here:
// structuredClone (Chromium 98), Array.prototype.at (92), Object.hasOwn (93), findLast (97).
(function () {
  'use strict';
  if (window.top === window)
    return; // the page that holds the app's frame: none of the app's code runs there

  // Adds a built-in the engine lacks, as the engine defines its own: writable, configurable, not
  // enumerable. What the engine has is left alone.
  function provide(target, name, value) {
    if (typeof target === 'undefined' || typeof target[name] !== 'undefined')
      return;
    Object.defineProperty(target, name, {value: value, writable: true, configurable: true, enumerable: false});
  }

  // -- APIs (the Chromium version that has each natively in brackets) --

  // AbortSignal.timeout(ms) [103]: a signal that aborts with a TimeoutError after ms milliseconds.
  // The MCP Apps SDK's examples bound requests with it (server-basic-vanillajs's "Send Message").
  provide(AbortSignal, 'timeout', function timeout(milliseconds) {
    var controller = new AbortController();
    setTimeout(function () {
      controller.abort(new DOMException('signal timed out', 'TimeoutError'));
    }, milliseconds);
    return controller.signal;
  });

  // AbortSignal.any(signals) [116]: a signal that aborts as soon as one of signals does, for the
  // same reason (a request bounded both by a timeout and by the person's Cancel).
  provide(AbortSignal, 'any', function any(signals) {
    var controller = new AbortController();
    var list = Array.from(signals);
    for (var i = 0; i < list.length; ++i) {
      if (list[i].aborted) {
        controller.abort(list[i].reason);
        return controller.signal;
      }
    }
    list.forEach(function (signal) {
      signal.addEventListener('abort', function () { controller.abort(signal.reason); },
                              {once: true, signal: controller.signal});
    });
    return controller.signal;
  });

  // Promise.withResolvers() [119]: a promise with its resolve and reject, as bundled SDKs use it.
  provide(Promise, 'withResolvers', function withResolvers() {
    var resolvers = {};
    resolvers.promise = new this(function (resolve, reject) {
      resolvers.resolve = resolve;
      resolvers.reject = reject;
    });
    return resolvers;
  });

  // Array.prototype.toSorted / toReversed [110]: sorted or reversed copies, the original untouched.
  provide(Array.prototype, 'toSorted', function toSorted(compare) {
    if (compare !== undefined && typeof compare !== 'function')
      throw new TypeError('The comparison function must be either a function or undefined');
    return Array.prototype.slice.call(this).sort(compare);
  });
  provide(Array.prototype, 'toReversed', function toReversed() {
    return Array.prototype.slice.call(this).reverse();
  });

  // Object.groupBy / Map.groupBy [117]: items grouped by the key keyOf(item, index) gives.
  function groupInto(items, keyOf, add) {
    var index = 0;
    for (var item of items)
      add(keyOf(item, index++), item);
  }
  provide(Object, 'groupBy', function groupBy(items, keyOf) {
    var groups = Object.create(null);
    groupInto(items, keyOf, function (key, item) { (groups[key] = groups[key] || []).push(item); });
    return groups;
  });
  provide(Map, 'groupBy', function groupBy(items, keyOf) {
    var groups = new Map();
    groupInto(items, keyOf, function (key, item) {
      if (!groups.has(key))
        groups.set(key, []);
      groups.get(key).push(item);
    });
    return groups;
  });

  // -- The console, as text --
  // The engine hands the host each console line as one string, with an object in it as
  // "[object Object]". Here every value becomes text first: an Error as its name, message and stack,
  // anything else as JSON where it can be, else as String() makes it.

  var maxLineLength = 2000; // the host keeps no more of a line

  function isError(value) {
    var tag = Object.prototype.toString.call(value);
    return tag === '[object Error]' || tag === '[object DOMException]';
  }

  function errorText(error) {
    var head = String(error.name || 'Error') + ': ' + String(error.message);
    var stack = typeof error.stack === 'string' ? error.stack : '';
    if (stack.indexOf(head) === 0)
      return stack; // V8's stack starts with the name and message
    return stack ? head + '\n' + stack : head;
  }

  function valueText(value) {
    try {
      if (typeof value === 'string')
        return value;
      if (isError(value))
        return errorText(value);
      if (value !== null && typeof value === 'object') {
        var json = JSON.stringify(value, function (key, inner) {
          if (typeof inner === 'bigint')
            return String(inner);
          return isError(inner) ? errorText(inner) : inner;
        });
        if (typeof json === 'string')
          return json;
      }
      return String(value);
    } catch (e) {
      // A cycle, or a toString that throws: what the engine itself would have said.
      return Object.prototype.toString.call(value);
    }
  }

  // The line console.log(format, ...values) prints: %s %d %i %f %o %O %c in a first string are
  // filled in from the values, as the engine does; what is left over follows, space-separated.
  function lineText(args) {
    var values = Array.prototype.slice.call(args);
    if (typeof values[0] === 'string' && values.length > 1) {
      var rest = values.slice(1);
      var first = values[0].replace(/%[sdifoOc%]/g, function (spec) {
        if (spec === '%%')
          return '%';
        if (rest.length === 0)
          return spec;
        var value = rest.shift();
        switch (spec) {
        case '%c': return ''; // CSS for the DevTools console: nothing to show in text
        case '%d':
        case '%i': return String(parseInt(value, 10));
        case '%f': return String(parseFloat(value));
        default: return valueText(value);
        }
      });
      values = [first].concat(rest);
    }
    var line = values.map(valueText).join(' ');
    return line.length > maxLineLength ? line.slice(0, maxLineLength) + '…' : line;
  }

  var originalError = console.error.bind(console);
  ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir'].forEach(function (level) {
    var original = console[level];
    if (typeof original !== 'function')
      return;
    console[level] = function () {
      return original.call(console, lineText(arguments));
    };
  });

  // -- What the app let fail --
  // An error the app did not catch, or a promise it let fail unseen: one error line, as text,
  // starting "Uncaught" as the engine's own does. The host shows a notice beside the view when it sees
  // such a line (AppPage::javaScriptConsoleMessage). The engine's own line is held back, as it would
  // say the same with an object as "[object Object]" (and no stack).
  window.addEventListener('error', function (event) {
    event.preventDefault();
    var what = event.error !== undefined && event.error !== null ? valueText(event.error) : String(event.message);
    originalError(lineText([what.indexOf('Uncaught') === 0 ? what : 'Uncaught ' + what]));
  });
  window.addEventListener('unhandledrejection', function (event) {
    event.preventDefault();
    originalError(lineText(['Uncaught (in promise) ' + valueText(event.reason)]));
  });
})();

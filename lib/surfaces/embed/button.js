/*! Merchant Payments checkout button v1. Usage: docs/checkout-button.md. No dependencies. */
(function () {
  'use strict';
  var SRC = /\/embed\/v1\/button\.js(?:[?#].*)?$/;
  // The words, by language: the page's catalogue (lib/platform/i18n), written in by the route that
  // serves this file (app/embed/v1/button.js/route.ts). Each language has its `dir`.
  var T = /* WORDS */ {};
  var CSS =
    ':host{display:block}' +
    // The page's rules beat :host ones, so the reset is on an element of our own: nothing inherits through.
    '.w{all:initial;display:block;box-sizing:border-box;width:100%;max-width:400px;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff;border:1px solid #d0d0d0;border-radius:12px;padding:12px}' +
    '*,*::before,*::after{box-sizing:border-box}' +
    'form{display:grid;gap:10px;margin:0}fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px}' +
    'legend{padding:0;margin-bottom:6px;font-weight:600}.fs{display:grid;gap:14px}' +
    '.a{position:relative}.a input{position:absolute;opacity:0;inset:0;margin:0;cursor:pointer}' +
    '.a span{display:block;min-height:44px;padding:10px 14px;border:2px solid #767676;border-radius:8px;background:#fff;font-weight:400}' +
    '.a input:checked+span{border-color:var(--b);box-shadow:inset 0 0 0 2px var(--b);font-weight:700}' +
    '.a input:focus-visible+span,input:focus-visible,button:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}' +
    'label{display:block;font-weight:600;margin-bottom:4px}' +
    '.f input{width:100%;min-height:44px;font:inherit;padding:8px 10px;border:1px solid #767676;border-radius:8px;color:#1a1a1a;background:#fff}' +
    '.f input[aria-invalid=true]{border:2px solid #b00020}.e{margin:4px 0 0;color:#b00020;font-size:14px}.e:empty{display:none}' +
    'button{width:100%;min-height:48px;font:inherit;font-weight:700;border:0;border-radius:8px;cursor:pointer;background:var(--b);color:var(--t);padding:10px 16px}' +
    'button[disabled]{opacity:.7;cursor:progress}.s{margin:0;font-size:13px;color:#555;text-align:center}' +
    '.m{margin:0;font-size:14px}.m:empty{display:none}.m.x{color:#b00020}[hidden]{display:none!important}';

  function h(tag, attrs, kids) {
    var el = document.createElement(tag);
    for (var k in attrs || {}) {
      if (attrs[k] === true) el.setAttribute(k, '');
      else if (attrs[k] != null && attrs[k] !== false) el.setAttribute(k, attrs[k]);
    }
    (kids || []).forEach(function (kid) {
      if (kid) el.appendChild(typeof kid === 'string' ? document.createTextNode(kid) : kid);
    });
    return el;
  }

  function call(base, token, method, path, body) {
    return fetch(base + path, {
      method: method,
      mode: 'cors',
      credentials: 'omit',
      headers: body ? { 'content-type': 'application/json', 'x-embed-token': token } : { 'x-embed-token': token },
      body: body ? JSON.stringify(body) : undefined,
    }).then(
      function (res) {
        return res
          .json()
          .catch(function () {
            return {};
          })
          .then(function (json) {
            if (res.ok) return json.data;
            var err = new Error(json.message || 'HTTP ' + res.status);
            err.status = res.status;
            err.code = json.error && json.error.code;
            err.fields = (json.error && json.error.fields) || [];
            throw err;
          });
      },
      function () {
        var err = new Error('network');
        err.status = 0;
        throw err;
      },
    );
  }

  function messageFor(err, t) {
    if (err.status === 0) return t.offline;
    if (err.code === 'origin_not_allowed') return t.origin;
    if (err.status === 410) return t.gone;
    if (err.status === 429) return t.busy;
    if (err.status === 401) return t.setup;
    return t.failed;
  }

  function mount(script) {
    if (script.getAttribute('data-pay-ready')) return;
    script.setAttribute('data-pay-ready', '1');
    var preview = script.hasAttribute('data-preview');
    // A preview the dashboard has replaced already (removed before it ran) draws nothing.
    if (preview && !script.isConnected) return;
    var token = script.getAttribute('data-session') || '';
    var base = script.src.replace(SRC, '');
    var newTab = script.getAttribute('data-target') === '_blank';
    var locale = script.getAttribute('data-locale') || document.documentElement.lang || navigator.language || 'en';
    var t = T[locale.split('-')[0].toLowerCase()] || T.en;
    var host = document.getElementById(script.getAttribute('data-container') || '');
    if (!host) {
      host = h('div');
      script.parentNode.insertBefore(host, script);
    }
    var root = host.shadowRoot || host.attachShadow({ mode: 'open' });
    if (root.adoptedStyleSheets && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      // A constructed sheet is not an inline style: it works under the merchant's CSP.
      var sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
      root.adoptedStyleSheets = [sheet];
    } else root.appendChild(h('style', {}, [CSS]));
    var wrap = h('div', { class: 'w', dir: t.dir, lang: t.lang, 'aria-busy': 'true' }, [
      h('p', { class: 'm', role: 'status' }, [t.loading]),
    ]);
    root.appendChild(wrap);

    // The dashboard's builder (data-preview: what the session call would answer, as JSON): the same
    // button, drawn again whenever the attribute changes, and it never calls the service.
    if (preview) {
      var draw = function () {
        try {
          render(JSON.parse(script.getAttribute('data-preview')));
          // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a binding keeps the syntax of older webviews
        } catch (ignored) {
          wrap.replaceChildren(h('p', { class: 'm x', role: 'alert' }, [t.setup]));
        }
      };
      draw();
      new MutationObserver(draw).observe(script, { attributes: true, attributeFilter: ['data-preview'] });
      return;
    }

    call(base, token, 'GET', '/api/embed/v1/session').then(
      function (button) {
        render(button);
      },
      function (err) {
        warn(err);
        wrap.removeAttribute('aria-busy');
        wrap.replaceChildren(h('p', { class: 'm x', role: 'alert' }, [messageFor(err, t)]));
      },
    );

    function warn(err) {
      if (window.console)
        console.warn('[payments button] ' + (err.status || 'network') + ' ' + (err.code || '') + ': ' + err.message);
    }

    function render(button) {
      var money = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: button.currency_code,
        currencyDisplay: 'code',
      });
      wrap.style.setProperty('--b', button.merchant.primary_color);
      wrap.style.setProperty('--t', button.merchant.text_color);
      var chosen = button.amounts[0];
      var pay = h('button', { type: 'submit' });
      var label = function () {
        pay.textContent = button.button_label + ' ' + money.format(chosen);
      };
      var picker = null;
      if (button.amounts.length > 1) {
        picker = h(
          'fieldset',
          {},
          [h('legend', {}, [t.amount])].concat(
            button.amounts.map(function (amount, i) {
              var input = h('input', { type: 'radio', name: 'amount', value: String(amount), checked: i === 0 });
              input.addEventListener('change', function () {
                chosen = amount;
                label();
              });
              return h('label', { class: 'a' }, [input, h('span', {}, [money.format(amount)])]);
            }),
          ),
        );
      }
      var inputs = {};
      var field = function (key, type, autocomplete, text) {
        var input = h('input', {
          id: key,
          name: key,
          type: type,
          autocomplete: autocomplete,
          required: true,
          'aria-describedby': key + '-e',
        });
        inputs[key] = { input: input, error: h('p', { class: 'e', id: key + '-e' }) };
        return h('div', { class: 'f' }, [h('label', { for: key }, [text]), input, inputs[key].error]);
      };
      var fields = h('div', { class: 'fs', hidden: true }, [
        field('customer_email', 'email', 'email', t.email),
        button.collect_customer_name ? field('customer_name', 'text', 'name', t.name) : null,
        button.collect_customer_phone ? field('customer_phone', 'tel', 'tel', t.phone) : null,
      ]);
      var note = h('p', { class: 'm', role: 'status' });
      var problem = h('p', { class: 'm x', role: 'alert' });
      // The name isolated (U+2068…U+2069): a right-to-left one cannot reorder the words around it.
      var merchant = '\u2068' + button.merchant.display_name + '\u2069';
      var form = h(
        'form',
        {
          novalidate: true,
          'aria-label': t.secure.replace('{merchant}', function () {
            return merchant;
          }),
        },
        [picker, fields, pay, note, problem],
      );
      label();
      wrap.removeAttribute('aria-busy');
      wrap.replaceChildren(form);

      var setError = function (key, text) {
        inputs[key].error.textContent = text || '';
        if (text) inputs[key].input.setAttribute('aria-invalid', 'true');
        else inputs[key].input.removeAttribute('aria-invalid');
      };

      var reset = function () {
        pay.disabled = false;
        note.textContent = '';
      };
      // Back from the hosted page (back/forward cache): the button works again.
      if (!preview)
        window.addEventListener('pageshow', function (event) {
          if (event.persisted) reset();
        });

      form.addEventListener('submit', function (event) {
        event.preventDefault();
        if (pay.disabled) return;
        if (fields.hidden) {
          fields.hidden = false;
          inputs.customer_email.input.focus();
          return;
        }
        var body = { amount: chosen };
        var firstBad = null;
        Object.keys(inputs).forEach(function (key) {
          var value = inputs[key].input.value.trim();
          var bad = !value
            ? t.required
            : key === 'customer_email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
              ? t.bad_email
              : '';
          setError(key, bad);
          if (bad && !firstBad) firstBad = inputs[key].input;
          body[key] = value;
        });
        if (firstBad) return firstBad.focus();
        if (preview) return (note.textContent = t.preview);

        var win = newTab ? window.open('', '_blank') : null;
        pay.disabled = true;
        problem.textContent = '';
        note.textContent = t.opening;
        call(base, token, 'POST', '/api/embed/v1/checkouts', body).then(
          function (checkout) {
            // The hosted page opens in the button's language.
            var url = new URL(checkout.checkout_url);
            url.searchParams.set('locale', t.lang);
            if (win && !win.closed) {
              win.opener = null;
              win.location.href = url.href;
              reset();
            } else window.location.assign(url.href);
          },
          function (err) {
            warn(err);
            if (win) win.close();
            reset();
            var own = (err.fields || []).filter(function (f) {
              return inputs[f.field];
            });
            own.forEach(function (f) {
              setError(f.field, f.field === 'customer_email' ? t.bad_email : t.required);
            });
            problem.textContent = own.length ? '' : messageFor(err, t);
            if (own.length) inputs[own[0].field].input.focus();
          },
        );
      });
    }
  }

  var current = document.currentScript;
  if (current && SRC.test(current.src)) mount(current);
  else
    [].forEach.call(document.querySelectorAll('script[data-session]'), function (s) {
      if (SRC.test(s.src)) mount(s);
    });
})();

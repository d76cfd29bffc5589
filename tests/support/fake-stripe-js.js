// A stand-in for Stripe.js (https://js.stripe.com/endive/stripe.js) in end-to-end tests, where
// there is no internet: Playwright serves it in place of Stripe's script, and sends its calls to
// api.stripe.com on to the fake Stripe API (tests/support/fake-stripe.ts). It has what Tendly
// uses: elements().create("card") (a plain labelled field taking one of Stripe's test card
// numbers), confirmCardSetup and confirmCardPayment, with a stand-in for the bank's 3-D Secure
// page ("Complete authentication" / "Fail authentication", as on Stripe's own test page).
(function () {
  "use strict";
  var API = "https://api.stripe.com";
  // Stripe's test card numbers, as the fake API's test payment methods.
  var CARDS = {
    4242424242424242: "pm_card_visa",
    4000000000000002: "pm_card_chargeDeclined",
    4000000000000341: "pm_card_chargeCustomerFail",
    4000002760003184: "pm_card_authenticationRequired",
  };

  function post(path, key, fields) {
    var body = new URLSearchParams(fields);
    body.set("key", key);
    return fetch(API + path, { method: "POST", body: body }).then(function (response) {
      return response.json().then(function (json) {
        return { ok: response.ok, body: json };
      });
    });
  }

  function intentId(clientSecret) {
    return String(clientSecret).split("_secret_")[0];
  }

  function challenge() {
    return new Promise(function (resolve) {
      var dialog = document.createElement("dialog");
      dialog.setAttribute("aria-labelledby", "fake-3ds-title");
      dialog.innerHTML =
        '<h2 id="fake-3ds-title">3D Secure test page</h2>' +
        "<p>Stand-in for the bank's authentication page.</p>" +
        '<button type="button" data-result="succeed">Complete authentication</button> ' +
        '<button type="button" data-result="fail">Fail authentication</button>';
      dialog.addEventListener("click", function (event) {
        var result = event.target && event.target.getAttribute && event.target.getAttribute("data-result");
        if (!result) return;
        dialog.close();
        dialog.remove();
        resolve(result);
      });
      document.body.appendChild(dialog);
      dialog.showModal();
    });
  }

  function createCard() {
    var input = null;
    var handlers = {};
    return {
      mount: function (target) {
        var host = typeof target === "string" ? document.querySelector(target) : target;
        input = document.createElement("input");
        input.type = "text";
        input.inputMode = "numeric";
        input.autocomplete = "off";
        input.setAttribute("aria-label", "Card number (test)");
        input.style.width = "100%";
        host.appendChild(input);
        setTimeout(function () {
          (handlers.ready || []).forEach(function (handler) {
            handler({ elementType: "card" });
          });
        }, 0);
      },
      on: function (name, handler) {
        (handlers[name] = handlers[name] || []).push(handler);
      },
      focus: function () {
        if (input) input.focus();
      },
      destroy: function () {
        if (input) input.remove();
        input = null;
      },
      _testPaymentMethod: function () {
        return input ? CARDS[input.value.replace(/\s+/g, "")] || null : null;
      },
    };
  }

  function Stripe(key) {
    return {
      elements: function () {
        return {
          create: function () {
            return createCard();
          },
        };
      },
      confirmCardSetup: function (clientSecret, data) {
        var card = data && data.payment_method && data.payment_method.card;
        var paymentMethod = card && card._testPaymentMethod();
        if (!paymentMethod)
          return Promise.resolve({ error: { type: "validation_error", message: "Your card number is incomplete." } });
        return post("/v1/setup_intents/" + intentId(clientSecret) + "/confirm", key, {
          client_secret: clientSecret,
          payment_method: paymentMethod,
        }).then(function (answer) {
          return answer.ok ? { setupIntent: answer.body } : { error: answer.body.error };
        });
      },
      confirmCardPayment: function (clientSecret, data) {
        var id = intentId(clientSecret);
        var fields = { client_secret: clientSecret };
        if (data && typeof data.payment_method === "string") fields.payment_method = data.payment_method;
        return post("/v1/payment_intents/" + id + "/confirm", key, fields).then(function (answer) {
          if (!answer.ok) return { error: answer.body.error };
          if (answer.body.status !== "requires_action") return { paymentIntent: answer.body };
          return challenge().then(function (result) {
            return post("/v1/payment_intents/" + id + "/_fake_3ds", key, {
              client_secret: clientSecret,
              result: result,
            }).then(function (done) {
              var intent = done.body;
              if (intent.status === "succeeded") return { paymentIntent: intent };
              var error = intent.last_payment_error || { type: "card_error", message: "Authentication failed." };
              return { error: Object.assign({}, error, { payment_intent: intent }) };
            });
          });
        });
      },
    };
  }
  // What @stripe/stripe-js expects of the script it loads (its release train).
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();

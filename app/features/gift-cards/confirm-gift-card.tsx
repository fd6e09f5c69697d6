import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { normalizeGiftCardCode } from "~contract/gifts/gift-cards";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import type { FormResult } from "~/platform/form-result";
import { formatMoney } from "~/ui/format";

/** The value of the confirm page's gift card Apply button (its form also carries intent=pay). */
export const GIFT_CARD_INTENT = "apply-gift-card";

/** The confirm page's answer to a gift card applied: conform's result, and the card's balance when known. */
export interface GiftCardAnswer extends FormResult {
  giftCard?: { last4?: string; currency: string; balanceMinor?: number };
}

/** A gift card of the traveller's own that the confirm page applies unless they untick it. */
export interface WalletCard {
  id: string;
  last4: string;
  currency: string;
  balanceMinor: number;
}

/** What the checkout charges once a card (of the booking's currency) has paid what its balance allows. */
export function chargeAfterGiftCard(totalMinor: number, card: { balanceMinor?: number } | null): number {
  return Math.max(0, totalMinor - Math.min(Math.max(0, card?.balanceMinor ?? 0), totalMinor));
}

/**
 * The confirm page's gift card: the field and its Apply button (a native submit of the pay form:
 * works without JavaScript), and with JavaScript the card applied as soon as a whole code is
 * typed. Answers what the checkout will charge once the card has paid its part (the Pay button's amount).
 */
export function useConfirmGiftCard(options: {
  answer: GiftCardAnswer | undefined;
  totalMinor: number;
  currency: string;
  /** The traveller's own card, applied by itself (ticked) unless a code is typed. */
  walletCard?: WalletCard | null;
}) {
  const fetcher = useFetcher<GiftCardAnswer>();
  const location = useLocation();
  const [typed, setTyped] = useState<string | null>(null);
  const [useWallet, setUseWallet] = useState(true);
  // A new answer of the page (Pay or Apply card sent) is what the field shows again.
  useEffect(() => setTyped(null), [options.answer]);
  // With JavaScript, what the code typed now gives (nothing for a code not whole yet); else, and
  // for a refusal of Pay, the page's last answer (the Apply button without JavaScript).
  const whole = typed === null || normalizeGiftCardCode(typed) !== null;
  const answer = !whole ? undefined : typed !== null && fetcher.data ? fetcher.data : options.answer;
  const card = answer?.giftCard;
  const typedCard = card && card.currency === options.currency && !answer?.result.error ? card : null;
  // A code typed (and good) pays; else the traveller's own card, while it stays ticked.
  const wallet = !typedCard && useWallet && options.walletCard ? options.walletCard : null;
  const applied = typedCard ?? wallet;
  const chargeMinor = chargeAfterGiftCard(options.totalMinor, applied);
  const onCodeChange = (value: string) => {
    setTyped(value);
    if (!normalizeGiftCardCode(value)) return;
    fetcher.submit(
      { intent: GIFT_CARD_INTENT, giftCardCode: value },
      { method: "post", action: location.pathname + location.search },
    );
  };
  return {
    answer,
    applied,
    chargeMinor,
    onCodeChange,
    checking: fetcher.state !== "idle",
    walletCard: options.walletCard ?? null,
    usingWallet: wallet !== null,
    setUseWallet,
  };
}

/** The field, its hint, its error (the card's currency named) and its Apply button. */
export function GiftCardField({
  gift,
  currency,
  defaultValue,
}: {
  gift: ReturnType<typeof useConfirmGiftCard>;
  currency: string;
  defaultValue?: string;
}) {
  const { t, i18n } = useTranslation();
  const error = gift.answer?.result.error?.giftCardCode?.[0];
  const message = error ? t(error, { cardCurrency: gift.answer?.giftCard?.currency ?? "", currency }) : null;
  const own = gift.walletCard;
  return (
    <div className="mb-4">
      {own ? (
        <label className="mb-3 flex items-start gap-2 text-sm text-slate-800" data-testid="wallet-gift-card">
          <input
            type="checkbox"
            name="savedGiftCardId"
            value={own.id}
            defaultChecked
            onChange={(event) => gift.setUseWallet(event.currentTarget.checked)}
            className="mt-0.5 h-4 w-4"
          />
          {t("confirm.walletGiftCard", {
            last4: own.last4,
            balance: formatMoney(own.balanceMinor, own.currency, i18n.language),
          })}
        </label>
      ) : null}
      <label htmlFor="gift-card-code" className="block text-sm font-medium text-slate-700">
        {t("confirm.giftCard")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="gift-card-code"
          name="giftCardCode"
          maxLength={64}
          defaultValue={defaultValue}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => gift.onCodeChange(event.currentTarget.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "gift-card-code-hint gift-card-code-error" : "gift-card-code-hint"}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-base uppercase"
        />
        <Button variant="outline" name="intent" value={GIFT_CARD_INTENT} formNoValidate>
          {t("confirm.applyGiftCard")}
        </Button>
      </div>
      <p id="gift-card-code-hint" className="mt-1 text-xs text-slate-600">
        {t("confirm.giftCardHint")}
      </p>
      {gift.applied && !gift.usingWallet ? (
        <p role="status" className="mt-1 text-sm text-emerald-800" data-testid="gift-card-applied">
          {t("confirm.giftCardApplied", {
            last4: gift.applied.last4 ?? "",
            balance: formatMoney(gift.applied.balanceMinor ?? 0, gift.applied.currency, i18n.language),
          })}
        </p>
      ) : null}
      {message ? (
        <p id="gift-card-code-error" className="mt-1 text-sm text-red-700" data-testid="gift-card-error">
          {message}
        </p>
      ) : null}
    </div>
  );
}

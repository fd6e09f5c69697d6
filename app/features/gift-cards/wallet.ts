/** The payments page's form that adds a gift card to the account (its `intent`). */
export const ADD_GIFT_CARD_INTENT = "add-gift-card";

/** A text message's length limit: longer notices are cut (a carrier splits or refuses long texts). */
export const SMS_MAX = 500;

/** Password minimum length (spec section 9). */
export const PASSWORD_MIN_LENGTH = 8;

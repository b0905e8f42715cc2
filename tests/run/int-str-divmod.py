import torch
print(int("12"), int(" -7 "), int("1_000"), int("+3"), int("007"), int("0"), int("-0"), int(" 12\n"))
print(int("9223372036854775807"), int("-9223372036854775808"))
print(divmod(7, 2), divmod(-7, 2), divmod(7.5, 2), divmod(-7, 2.0), divmod(True, 2), divmod(7, -2))
q, r = divmod(17, 5)
print(q, r, q * 5 + r)

print("wishlist")

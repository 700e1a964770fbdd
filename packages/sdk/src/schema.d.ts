/**
 * GENERATED from the OpenAPI document Rapport serves (GET /apiv3/openapi.json), paths without the
 * /apiv3 prefix. Do not edit: run `npm run generate -w @rapport/sdk` (test/sdk/drift.test.ts fails
 * when this file and the served document differ).
 */

export interface paths {
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users, or with segment_id the members of a segment (SG5) */
        get: operations["getUsers"];
        put?: never;
        /** Create a user */
        post: operations["postUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user by userapp_id or base64 service_uid */
        get: operations["getUsersById"];
        /** Update a user: given fields change, tags are added, then remove_tags removed */
        put: operations["putUsersById"];
        post?: never;
        /** Erase a customer and every row that refers to it (D1), or with dry_run=true count them; suppress=true also blacklists its e-mail and telephone */
        delete: operations["eraseUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/exist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a user exists */
        get: operations["getUsersByIdExist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Points balance and ledger, newest first */
        get: operations["getUsersByIdPoints"];
        put?: never;
        /** Add or subtract points */
        post: operations["postUsersByIdPoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multiusers/exist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a user with these identities exists */
        get: operations["getMultiusersExist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multiusers/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Find a user by identities */
        get: operations["getMultiusersFind"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multiusers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update the user these identities find, or create it; new_email changes its e-mail */
        put: operations["putMultiusers"];
        post?: never;
        /** Erase the customer these identities find (D1), or with dry_run=true count what it would delete */
        delete: operations["eraseUserByIdentity"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multiusers/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add or subtract points of the user these identities find */
        post: operations["addPointsByIdentity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multiusers/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Points ledger of the user these identities find, newest first, by concept and time */
        get: operations["listTransactionsByIdentity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Points ledger of a user, newest first, by concept and time */
        get: operations["listUserTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/custom-attributes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users custom attribute definitions (creation order) */
        get: operations["getAccountCustomAttributes"];
        put?: never;
        /** Create a users custom attribute definition */
        post: operations["postAccountCustomAttributes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/custom-attributes/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update (or rename, with a body name) a users custom attribute definition */
        put: operations["putAccountCustomAttributesByName"];
        post?: never;
        /** Delete a users custom attribute definition and its stored values; answers the remaining list */
        delete: operations["deleteAccountCustomAttributesByName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/product-custom-attributes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products custom attribute definitions (creation order) */
        get: operations["getAccountProductCustomAttributes"];
        put?: never;
        /** Create a products custom attribute definition */
        post: operations["postAccountProductCustomAttributes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/product-custom-attributes/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update (or rename, with a body name) a products custom attribute definition */
        put: operations["putAccountProductCustomAttributesByName"];
        post?: never;
        /** Delete a products custom attribute definition and its stored values; answers the remaining list */
        delete: operations["deleteAccountProductCustomAttributesByName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/purchase-custom-attributes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List purchases custom attribute definitions (creation order) */
        get: operations["getAccountPurchaseCustomAttributes"];
        put?: never;
        /** Create a purchases custom attribute definition */
        post: operations["postAccountPurchaseCustomAttributes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/purchase-custom-attributes/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update (or rename, with a body name) a purchases custom attribute definition */
        put: operations["putAccountPurchaseCustomAttributesByName"];
        post?: never;
        /** Delete a purchases custom attribute definition and its stored values; answers the remaining list */
        delete: operations["deleteAccountPurchaseCustomAttributesByName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/purchase-item-custom-attributes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List purchase items custom attribute definitions (creation order) */
        get: operations["getAccountPurchaseItemCustomAttributes"];
        put?: never;
        /** Create a purchase items custom attribute definition */
        post: operations["postAccountPurchaseItemCustomAttributes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/purchase-item-custom-attributes/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update (or rename, with a body name) a purchase items custom attribute definition */
        put: operations["putAccountPurchaseItemCustomAttributesByName"];
        post?: never;
        /** Delete a purchase items custom attribute definition and its stored values; answers the remaining list */
        delete: operations["deleteAccountPurchaseItemCustomAttributesByName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List events (bare array, no envelope) */
        get: operations["getEvents"];
        put?: never;
        /** Create an event (bare object, no envelope) */
        post: operations["postEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an event and its user events */
        delete: operations["deleteEventsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List user events, newest first */
        get: operations["getUserEvents"];
        put?: never;
        /** Record that an event happened for a user */
        post: operations["postUserEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-events/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete the user events of an event within a date range (background request), or with dry_run=true count them */
        delete: operations["deleteUserEventsBulk"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every category of the account, flat, with its path */
        get: operations["getCategories"];
        put?: never;
        /** Create a category, optionally under a parent */
        post: operations["postCategories"];
        /** Delete a category and all its descendants (background request), or with dry_run=true count what it would delete */
        delete: operations["deleteCategories"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One category by code */
        get: operations["getCategoriesByCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categories/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete every category (background request), or with dry_run=true count what it would delete */
        delete: operations["deleteCategoriesBulk"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's background requests, newest first, filtered by status and type */
        get: operations["getRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status and result of a background request */
        get: operations["getRequestsByRequestId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/benefits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active benefits in three buckets: current, outofstock, comingbenefits */
        get: operations["getBenefits"];
        put?: never;
        /** Create a benefit */
        post: operations["postBenefits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/benefits/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every benefit of the account, by id, with out_stock_at */
        get: operations["getBenefitsAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/benefits/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One benefit, with its stock */
        get: operations["getBenefitsById"];
        /** Update a benefit (every field optional; version, category_id and stock may be set to null) */
        put: operations["putBenefitsById"];
        post?: never;
        /** Delete a benefit (its coupons stay, without the benefit) */
        delete: operations["deleteBenefitsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/benefits/{benefit_id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assign a benefit to a user: takes one unit of stock and the benefit points, records a coupon
         * @description Body as application/x-www-form-urlencoded (the spec) or JSON.
         */
        post: operations["postBenefitsByBenefitIdAssign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Benefit assignments, newest first, with the user and the benefit */
        get: operations["getCoupons"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recorded statistics, newest first, filterable by createtime */
        get: operations["getIntegrationStats"];
        put?: never;
        /** Record statistics of one data-synchronisation run */
        post: operations["postIntegrationStats"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/blacklist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the entries of a blacklist, in insertion order */
        get: operations["getAccountBlacklist"];
        put?: never;
        /**
         * Load a blacklist from a CSV file
         * @description multipart/form-data with the parts `file` (CSV, one e-mail or telephone per line), `blacklist` (email|telephone) and `type` (create|delete-create), in any order. The file is streamed, never held in memory; any invalid line rejects the upload with its line number, and nothing changes. With `dry_run=true` in the query (or a `dry_run` part whose value is true) the upload is read and validated as the real one but nothing is written: the payload says how many entries it would delete and add, and lists the invalid lines (the 400 it would answer is in `rejection`).
         */
        post: operations["postAccountBlacklist"];
        /**
         * Empty a blacklist
         * @description Empties the list at once; its entries are deleted in the background. With `dry_run=true` (query or body) nothing changes and the payload says how many entries would be deleted.
         */
        delete: operations["deleteAccountBlacklist"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/blacklist/{blacklist}/{value}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tell whether a value (normalised first) is on a blacklist */
        get: operations["getAccountBlacklistByBlacklistByValue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products in id order, filtered by sku, search, available, category (with descendants) */
        get: operations["listProducts"];
        put?: never;
        /** Create a product (missing categories of its path are created) */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{sku}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a product by its base64 SKU */
        get: operations["getProduct"];
        /** Update a product (only the fields given); a different body sku renames it */
        put: operations["updateProduct"];
        post?: never;
        /** Delete a product and its custom values (purchases keep their items) */
        delete: operations["deleteProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{sku}/exist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a product with this base64 SKU exists (never 404) */
        get: operations["productExists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/branches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List branches in id order, optionally those whose name contains `search` */
        get: operations["listBranches"];
        put?: never;
        /** Create a branch */
        post: operations["createBranch"];
        /** Delete a branch (background request; its purchases stay, with branch null), or with dry_run=true count what it would change */
        delete: operations["deleteBranch"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/branches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a branch by id */
        get: operations["getBranch"];
        /**
         * Update the branch named by the base64 rest of the path (only the fields given); a body name renames it
         * @description The rest of the path is the base64 of the name, raw (may contain /) or URL-encoded or URL-safe. When it ends in / it is read first whole, then without that trailing slash (G1).
         */
        put: operations["updateBranch"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List purchases, newest createtime first, by user, invoice_number, branch_name, from/to */
        get: operations["listPurchases"];
        /** Replace the purchase with this invoice_number (items whole; points move by the difference) */
        put: operations["replacePurchase"];
        /** Record a purchase: items, points credited, unknown products and branch created, in one transaction */
        post: operations["createPurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchases/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record 1 to 100 purchases, each on its own: answers how many were stored and why the others failed */
        post: operations["createPurchasesBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchases/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Orders and revenue (sum of prices.total) per UTC day or month over a date range, every bucket present */
        get: operations["getPurchasesSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a purchase by id */
        get: operations["getPurchase"];
        put?: never;
        post?: never;
        /** Delete a purchase with its items (points already credited stay) */
        delete: operations["deletePurchase"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/purchases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List one user's purchases, newest createtime first */
        get: operations["listUserPurchases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multiusers/abandoned-cart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record an abandoned cart of the user found by service_uid, else email, else document */
        post: operations["recordAbandonedCartByIdentity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/abandoned-cart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record an abandoned cart of a user (userapp_id or base64 service_uid) */
        post: operations["recordAbandonedCart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/abandoned-carts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's abandoned carts, newest createtime first */
        get: operations["listAbandonedCarts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multiusers/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update a family member (found by id, else uid) of the user the query identities find */
        put: operations["updateFamilyMember"];
        /** Add a family member to the user the query identities find */
        post: operations["createFamilyMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's family members in creation order */
        get: operations["listFamilyMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Overview: totals, a window of whole UTC days with the window before it, and its series per day or month */
        get: operations["getAccountSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log: administrative and destructive calls with the key that made them, newest first (kept 400 days) */
        get: operations["getAccountAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retention of user events (D5): the default, per event name, and the last run of the worker */
        get: operations["getAccountRetention"];
        /** Change the retention of user events (partial: a given user_events_days replaces the default, a given by_event the whole map) */
        put: operations["putAccountRetention"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List segments in id order */
        get: operations["getSegments"];
        put?: never;
        /** Create a segment */
        post: operations["postSegments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Count a definition and show its first 10 members, storing nothing */
        post: operations["postSegmentsPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a segment by id or slug */
        get: operations["getSegmentsById"];
        /** Change a segment (partial; the slug stays) */
        put: operations["putSegmentsById"];
        post?: never;
        /** Delete a segment no other segment refers to */
        delete: operations["deleteSegmentsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/{id}/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many customers are members now */
        get: operations["getSegmentsByIdCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every member as CSV or NDJSON, streamed from one snapshot, in userapp_id order */
        get: operations["getSegmentsByIdExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/segments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The segments a user belongs to, in id order */
        get: operations["getUsersByIdSegments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multiusers/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Erase every member of a segment as D1 does (background request), or with dry_run=true count what it would delete */
        delete: operations["eraseSegmentMembers"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything held about a customer, in one answer (D3) */
        get: operations["exportUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/multiusers/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything held about the customer these identities find, in one answer (D3) */
        get: operations["exportUserByIdentity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * ErrorEnvelope
         * @description Every error: payload null, a message naming the field and the rule, and the code of its status (G5)
         */
        ErrorEnvelope: {
            payload: null;
            message: string;
            code: string;
            time: string;
        };
    };
    responses: never;
    parameters: {
        /**
         * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
         * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
         */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getUsers: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
                /** @description Every word found in e-mail, names, service_uid, document or telephone; case and accents ignored (U3) */
                search?: string;
                /** @description Only the members of this segment: numeric id or slug (SG5); empty is absent */
                segment_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            userapp_id: number;
                            user_id: number;
                            service_uid: string | null;
                            email: string | null;
                            document: string | null;
                            document_type: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            telephone: string | null;
                            birthdate: string | null;
                            gender: string | null;
                            street: string | null;
                            postcode: string | null;
                            city: string | null;
                            department: string | null;
                            state: string | null;
                            country: string | null;
                            marital_status: string | null;
                            tags: string[];
                            points: number;
                            notes: string | null;
                            club_inscription_date: string | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            mailing_enabled: boolean;
                            sms_enabled: boolean;
                            mailing_enabled_reason: string | null;
                            sms_enabled_reason: string | null;
                            createtime: string;
                            updatetime: string;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No segment has that segment_id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postUsers: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your own identifier of the user */
                    service_uid?: string;
                    email?: string;
                    document?: string;
                    telephone?: string;
                    document_type?: string;
                    first_name?: string;
                    last_name?: string;
                    /** @description YYYY-MM-DD */
                    birthdate?: string;
                    /**
                     * @description M or F, either case; answered upper-case. "" is "not given" (changes nothing)
                     * @enum {string}
                     */
                    gender?: "M" | "F" | "m" | "f" | "";
                    street?: string;
                    postcode?: string;
                    city?: string;
                    department?: string;
                    state?: string;
                    country?: string;
                    marital_status?: string;
                    tags?: string | string[];
                    points?: number;
                    notes?: string;
                    /** @description datetime (G7) */
                    club_inscription_date?: string;
                    mailing_enabled?: "enabled" | "disabled";
                    sms_enabled?: "enabled" | "disabled";
                    mailing_disabled_reason?: string;
                    sms_disabled_reason?: string;
                    /** @description Values keyed by user attribute name */
                    custom_attributes?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            userapp_id: number;
                            user_id: number;
                            service_uid: string | null;
                            email: string | null;
                            document: string | null;
                            document_type: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            telephone: string | null;
                            birthdate: string | null;
                            gender: string | null;
                            street: string | null;
                            postcode: string | null;
                            city: string | null;
                            department: string | null;
                            state: string | null;
                            country: string | null;
                            marital_status: string | null;
                            tags: string[];
                            points: number;
                            notes: string | null;
                            club_inscription_date: string | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            mailing_enabled: boolean;
                            sms_enabled: boolean;
                            mailing_enabled_reason: string | null;
                            sms_enabled_reason: string | null;
                            createtime: string;
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            userapp_id: number;
                            user_id: number;
                            service_uid: string | null;
                            email: string | null;
                            document: string | null;
                            document_type: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            telephone: string | null;
                            birthdate: string | null;
                            gender: string | null;
                            street: string | null;
                            postcode: string | null;
                            city: string | null;
                            department: string | null;
                            state: string | null;
                            country: string | null;
                            marital_status: string | null;
                            tags: string[];
                            points: number;
                            notes: string | null;
                            club_inscription_date: string | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            mailing_enabled: boolean;
                            sms_enabled: boolean;
                            mailing_enabled_reason: string | null;
                            sms_enabled_reason: string | null;
                            createtime: string;
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putUsersById: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your own identifier of the user */
                    service_uid?: string;
                    email?: string;
                    document?: string;
                    telephone?: string;
                    document_type?: string;
                    first_name?: string;
                    last_name?: string;
                    /** @description YYYY-MM-DD */
                    birthdate?: string;
                    /**
                     * @description M or F, either case; answered upper-case. "" is "not given" (changes nothing)
                     * @enum {string}
                     */
                    gender?: "M" | "F" | "m" | "f" | "";
                    street?: string;
                    postcode?: string;
                    city?: string;
                    department?: string;
                    state?: string;
                    country?: string;
                    marital_status?: string;
                    tags?: string | string[];
                    points?: number;
                    notes?: string;
                    /** @description datetime (G7) */
                    club_inscription_date?: string;
                    mailing_enabled?: "enabled" | "disabled";
                    sms_enabled?: "enabled" | "disabled";
                    mailing_disabled_reason?: string;
                    sms_disabled_reason?: string;
                    /** @description Values keyed by user attribute name */
                    custom_attributes?: {
                        [key: string]: unknown;
                    };
                    remove_tags?: string | string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            userapp_id: number;
                            user_id: number;
                            service_uid: string | null;
                            email: string | null;
                            document: string | null;
                            document_type: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            telephone: string | null;
                            birthdate: string | null;
                            gender: string | null;
                            street: string | null;
                            postcode: string | null;
                            city: string | null;
                            department: string | null;
                            state: string | null;
                            country: string | null;
                            marital_status: string | null;
                            tags: string[];
                            points: number;
                            notes: string | null;
                            club_inscription_date: string | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            mailing_enabled: boolean;
                            sms_enabled: boolean;
                            mailing_enabled_reason: string | null;
                            sms_enabled_reason: string | null;
                            createtime: string;
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid field, or an identity another user holds */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user has that userapp_id or base64 service_uid */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    eraseUser: {
        parameters: {
            query?: {
                /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                dry_run?: boolean;
                /** @description true: also put the customer's e-mail and telephone on the blacklists, in the same transaction (D2); false or absent: not */
                suppress?: boolean;
            };
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                    dry_run?: boolean;
                    /** @description true: also put the customer's e-mail and telephone on the blacklists, in the same transaction (D2); false or absent: not */
                    suppress?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            /** @description The rows deleted, by kind */
                            deleted: {
                                /** @description The customer's profile (with its custom attribute values): 1 per customer */
                                users: number;
                                /** @description User events of the customer */
                                user_events: number;
                                /** @description Purchases of the customer */
                                purchases: number;
                                /** @description Items of those purchases (their custom attribute values go with them, uncounted) */
                                purchase_items: number;
                                /** @description Points ledger entries of the customer */
                                ledger_entries: number;
                                /** @description Coupons assigned to the customer (the benefits keep their stock as it is) */
                                coupons: number;
                                /** @description Family members of the customer */
                                family_members: number;
                                /** @description Abandoned carts of the customer */
                                abandoned_carts: number;
                            };
                        } | {
                            /** @enum {boolean} */
                            dry_run: true;
                            /** @description How many rows the real call would delete (or change), as it would count them now */
                            would_delete: {
                                /** @description The customer's profile (with its custom attribute values): 1 per customer */
                                users: number;
                                /** @description User events of the customer */
                                user_events: number;
                                /** @description Purchases of the customer */
                                purchases: number;
                                /** @description Items of those purchases (their custom attribute values go with them, uncounted) */
                                purchase_items: number;
                                /** @description Points ledger entries of the customer */
                                ledger_entries: number;
                                /** @description Coupons assigned to the customer (the benefits keep their stock as it is) */
                                coupons: number;
                                /** @description Family members of the customer */
                                family_members: number;
                                /** @description Abandoned carts of the customer */
                                abandoned_carts: number;
                            };
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description dry_run or suppress not true or false */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user has that userapp_id or base64 service_uid */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUsersByIdExist: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            exist: boolean;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUsersByIdPoints: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            points: number;
                            transactions: {
                                transaction_id: number;
                                concept: string;
                                points: number;
                                description: string | null;
                                balance: number;
                                createtime: string;
                            }[];
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postUsersByIdPoints: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    concept: string;
                    /** @description Positive adds, negative subtracts; not 0 */
                    points: number;
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            transaction_id: number;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMultiusersExist: {
        parameters: {
            query?: {
                service_uid?: string;
                email?: string;
                document?: string;
                telephone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            exist: boolean;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMultiusersFind: {
        parameters: {
            query?: {
                service_uid?: string;
                email?: string;
                document?: string;
                telephone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            userapp_id: number;
                            user_id: number;
                            service_uid: string | null;
                            email: string | null;
                            document: string | null;
                            document_type: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            telephone: string | null;
                            birthdate: string | null;
                            gender: string | null;
                            street: string | null;
                            postcode: string | null;
                            city: string | null;
                            department: string | null;
                            state: string | null;
                            country: string | null;
                            marital_status: string | null;
                            tags: string[];
                            points: number;
                            notes: string | null;
                            club_inscription_date: string | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            mailing_enabled: boolean;
                            sms_enabled: boolean;
                            mailing_enabled_reason: string | null;
                            sms_enabled_reason: string | null;
                            createtime: string;
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user matches the first non-empty of service_uid, email, document, telephone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putMultiusers: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your own identifier of the user */
                    service_uid?: string;
                    email?: string;
                    document?: string;
                    telephone?: string;
                    document_type?: string;
                    first_name?: string;
                    last_name?: string;
                    /** @description YYYY-MM-DD */
                    birthdate?: string;
                    /**
                     * @description M or F, either case; answered upper-case. "" is "not given" (changes nothing)
                     * @enum {string}
                     */
                    gender?: "M" | "F" | "m" | "f" | "";
                    street?: string;
                    postcode?: string;
                    city?: string;
                    department?: string;
                    state?: string;
                    country?: string;
                    marital_status?: string;
                    tags?: string | string[];
                    points?: number;
                    notes?: string;
                    /** @description datetime (G7) */
                    club_inscription_date?: string;
                    mailing_enabled?: "enabled" | "disabled";
                    sms_enabled?: "enabled" | "disabled";
                    mailing_disabled_reason?: string;
                    sms_disabled_reason?: string;
                    /** @description Values keyed by user attribute name */
                    custom_attributes?: {
                        [key: string]: unknown;
                    };
                    remove_tags?: string | string[];
                    /** @description The e-mail the user gets (the identities still find the user) */
                    new_email?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            userapp_id: number;
                            user_id: number;
                            service_uid: string | null;
                            email: string | null;
                            document: string | null;
                            document_type: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            telephone: string | null;
                            birthdate: string | null;
                            gender: string | null;
                            street: string | null;
                            postcode: string | null;
                            city: string | null;
                            department: string | null;
                            state: string | null;
                            country: string | null;
                            marital_status: string | null;
                            tags: string[];
                            points: number;
                            notes: string | null;
                            club_inscription_date: string | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            mailing_enabled: boolean;
                            sms_enabled: boolean;
                            mailing_enabled_reason: string | null;
                            sms_enabled_reason: string | null;
                            createtime: string;
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid field, no identity, or an identity (or new_email) another user holds */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    eraseUserByIdentity: {
        parameters: {
            query?: {
                service_uid?: string;
                email?: string;
                document?: string;
                telephone?: string;
                /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                dry_run?: boolean;
                /** @description true: also put the customer's e-mail and telephone on the blacklists, in the same transaction (D2); false or absent: not */
                suppress?: boolean;
            };
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                    dry_run?: boolean;
                    /** @description true: also put the customer's e-mail and telephone on the blacklists, in the same transaction (D2); false or absent: not */
                    suppress?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            /** @description The rows deleted, by kind */
                            deleted: {
                                /** @description The customer's profile (with its custom attribute values): 1 per customer */
                                users: number;
                                /** @description User events of the customer */
                                user_events: number;
                                /** @description Purchases of the customer */
                                purchases: number;
                                /** @description Items of those purchases (their custom attribute values go with them, uncounted) */
                                purchase_items: number;
                                /** @description Points ledger entries of the customer */
                                ledger_entries: number;
                                /** @description Coupons assigned to the customer (the benefits keep their stock as it is) */
                                coupons: number;
                                /** @description Family members of the customer */
                                family_members: number;
                                /** @description Abandoned carts of the customer */
                                abandoned_carts: number;
                            };
                        } | {
                            /** @enum {boolean} */
                            dry_run: true;
                            /** @description How many rows the real call would delete (or change), as it would count them now */
                            would_delete: {
                                /** @description The customer's profile (with its custom attribute values): 1 per customer */
                                users: number;
                                /** @description User events of the customer */
                                user_events: number;
                                /** @description Purchases of the customer */
                                purchases: number;
                                /** @description Items of those purchases (their custom attribute values go with them, uncounted) */
                                purchase_items: number;
                                /** @description Points ledger entries of the customer */
                                ledger_entries: number;
                                /** @description Coupons assigned to the customer (the benefits keep their stock as it is) */
                                coupons: number;
                                /** @description Family members of the customer */
                                family_members: number;
                                /** @description Abandoned carts of the customer */
                                abandoned_carts: number;
                            };
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description No identity given (service_uid, email, document, telephone), an identity too long, or dry_run or suppress not true or false */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user matches the first non-empty of service_uid, email, document, telephone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    addPointsByIdentity: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    service_uid?: string;
                    email?: string;
                    document?: string;
                    telephone?: string;
                    concept: string;
                    /** @description Positive adds, negative subtracts; not 0 */
                    points: number;
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            transaction_id: number;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid field, points 0, or a balance that would go below zero */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user matches the first non-empty of service_uid, email, document, telephone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTransactionsByIdentity: {
        parameters: {
            query?: {
                service_uid?: string;
                email?: string;
                document?: string;
                telephone?: string;
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
                /** @description Only entries with exactly this concept; empty is no filter */
                concept?: string;
                /** @description On the entry's createtime, inclusive (G7; a bare date is its whole day) */
                from?: string;
                /** @description On the entry's createtime, inclusive */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            concept: string;
                            points: number;
                            description: string | null;
                            /** @description The balance after this entry */
                            balance: number;
                            createtime: string;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user matches the first non-empty of service_uid, email, document, telephone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listUserTransactions: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
                /** @description Only entries with exactly this concept; empty is no filter */
                concept?: string;
                /** @description On the entry's createtime, inclusive (G7; a bare date is its whole day) */
                from?: string;
                /** @description On the entry's createtime, inclusive */
                to?: string;
            };
            header?: never;
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            concept: string;
                            points: number;
                            description: string | null;
                            /** @description The balance after this entry */
                            balance: number;
                            createtime: string;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user has that userapp_id or base64 service_uid */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountCustomAttributes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountCustomAttributes: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "label": "Loyalty level",
                 *       "field_type": "select",
                 *       "data_type": "string",
                 *       "options": [
                 *         {
                 *           "value": "gold",
                 *           "text": "Gold"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    label: string;
                    /** @description Normalised (trim, accents stripped, lowercase, spaces and - become _), then ^[a-z0-9_]{1,64}$ */
                    name?: string;
                    /** @enum {unknown} */
                    field_type: "text" | "select" | "datetime" | "checkbox";
                    /** @enum {unknown} */
                    data_type: "string" | "integer" | "float" | "timestamp";
                    /** @description Items {value, text}; values unique. A select needs at least one. */
                    options?: {
                        value: string;
                        text: string;
                    }[];
                    /** @description Grouping label; null means no group (on PUT, null clears it). */
                    group?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putAccountCustomAttributesByName: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label?: string;
                    /** @description Normalised (trim, accents stripped, lowercase, spaces and - become _), then ^[a-z0-9_]{1,64}$ */
                    name?: string;
                    /** @enum {unknown} */
                    field_type?: "text" | "select" | "datetime" | "checkbox";
                    /** @enum {unknown} */
                    data_type?: "string" | "integer" | "float" | "timestamp";
                    /** @description Items {value, text}; values unique. A select needs at least one. */
                    options?: {
                        value: string;
                        text: string;
                    }[];
                    /** @description Grouping label; null means no group (on PUT, null clears it). */
                    group?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAccountCustomAttributesByName: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountProductCustomAttributes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountProductCustomAttributes: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "label": "Loyalty level",
                 *       "field_type": "select",
                 *       "data_type": "string",
                 *       "options": [
                 *         {
                 *           "value": "gold",
                 *           "text": "Gold"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    label: string;
                    /** @description Normalised (trim, accents stripped, lowercase, spaces and - become _), then ^[a-z0-9_]{1,64}$ */
                    name?: string;
                    /** @enum {unknown} */
                    field_type: "text" | "select" | "datetime" | "checkbox";
                    /** @enum {unknown} */
                    data_type: "string" | "integer" | "float" | "timestamp";
                    /** @description Items {value, text}; values unique. A select needs at least one. */
                    options?: {
                        value: string;
                        text: string;
                    }[];
                    /** @description Grouping label; null means no group (on PUT, null clears it). */
                    group?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putAccountProductCustomAttributesByName: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label?: string;
                    /** @description Normalised (trim, accents stripped, lowercase, spaces and - become _), then ^[a-z0-9_]{1,64}$ */
                    name?: string;
                    /** @enum {unknown} */
                    field_type?: "text" | "select" | "datetime" | "checkbox";
                    /** @enum {unknown} */
                    data_type?: "string" | "integer" | "float" | "timestamp";
                    /** @description Items {value, text}; values unique. A select needs at least one. */
                    options?: {
                        value: string;
                        text: string;
                    }[];
                    /** @description Grouping label; null means no group (on PUT, null clears it). */
                    group?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAccountProductCustomAttributesByName: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountPurchaseCustomAttributes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountPurchaseCustomAttributes: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "label": "Loyalty level",
                 *       "field_type": "select",
                 *       "data_type": "string",
                 *       "options": [
                 *         {
                 *           "value": "gold",
                 *           "text": "Gold"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    label: string;
                    /** @description Normalised (trim, accents stripped, lowercase, spaces and - become _), then ^[a-z0-9_]{1,64}$ */
                    name?: string;
                    /** @enum {unknown} */
                    field_type: "text" | "select" | "datetime" | "checkbox";
                    /** @enum {unknown} */
                    data_type: "string" | "integer" | "float" | "timestamp";
                    /** @description Items {value, text}; values unique. A select needs at least one. */
                    options?: {
                        value: string;
                        text: string;
                    }[];
                    /** @description Grouping label; null means no group (on PUT, null clears it). */
                    group?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putAccountPurchaseCustomAttributesByName: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label?: string;
                    /** @description Normalised (trim, accents stripped, lowercase, spaces and - become _), then ^[a-z0-9_]{1,64}$ */
                    name?: string;
                    /** @enum {unknown} */
                    field_type?: "text" | "select" | "datetime" | "checkbox";
                    /** @enum {unknown} */
                    data_type?: "string" | "integer" | "float" | "timestamp";
                    /** @description Items {value, text}; values unique. A select needs at least one. */
                    options?: {
                        value: string;
                        text: string;
                    }[];
                    /** @description Grouping label; null means no group (on PUT, null clears it). */
                    group?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAccountPurchaseCustomAttributesByName: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountPurchaseItemCustomAttributes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountPurchaseItemCustomAttributes: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "label": "Loyalty level",
                 *       "field_type": "select",
                 *       "data_type": "string",
                 *       "options": [
                 *         {
                 *           "value": "gold",
                 *           "text": "Gold"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    label: string;
                    /** @description Normalised (trim, accents stripped, lowercase, spaces and - become _), then ^[a-z0-9_]{1,64}$ */
                    name?: string;
                    /** @enum {unknown} */
                    field_type: "text" | "select" | "datetime" | "checkbox";
                    /** @enum {unknown} */
                    data_type: "string" | "integer" | "float" | "timestamp";
                    /** @description Items {value, text}; values unique. A select needs at least one. */
                    options?: {
                        value: string;
                        text: string;
                    }[];
                    /** @description Grouping label; null means no group (on PUT, null clears it). */
                    group?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putAccountPurchaseItemCustomAttributesByName: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label?: string;
                    /** @description Normalised (trim, accents stripped, lowercase, spaces and - become _), then ^[a-z0-9_]{1,64}$ */
                    name?: string;
                    /** @enum {unknown} */
                    field_type?: "text" | "select" | "datetime" | "checkbox";
                    /** @enum {unknown} */
                    data_type?: "string" | "integer" | "float" | "timestamp";
                    /** @description Items {value, text}; values unique. A select needs at least one. */
                    options?: {
                        value: string;
                        text: string;
                    }[];
                    /** @description Grouping label; null means no group (on PUT, null clears it). */
                    group?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAccountPurchaseItemCustomAttributesByName: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            label: string;
                            name: string;
                            field_type: string;
                            data_type: string;
                            options: {
                                value: string;
                                text: string;
                            }[];
                            group: string | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getEvents: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description YYYY-MM-DD hh:mm:ss, UTC */
                        createtime: string;
                    }[];
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postEvents: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "purchase"
                 *     }
                 */
                "application/json": {
                    /** @description Letters, digits and - only; 1 to 64 characters; unique per account */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description YYYY-MM-DD hh:mm:ss, UTC */
                        createtime: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteEventsById: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: unknown[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUserEvents: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
                service_uid?: string;
                /** @description Event name */
                event?: string;
                /** @description Inclusive lower bound on datetime (G7; a bare date is its start) */
                from?: string;
                /** @description Inclusive upper bound on datetime (G7; a bare date is its end) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            event: {
                                id: number;
                                name: string;
                                /** @description YYYY-MM-DD hh:mm:ss, UTC */
                                createtime: string;
                            };
                            user: {
                                userapp_id: number;
                                user_id: number;
                                service_uid: string | null;
                                email: string | null;
                            };
                            /** @description YYYY-MM-DD hh:mm:ss, UTC */
                            datetime: string;
                            /** @description Free-form key/value pairs, or null */
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postUserEvents: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "purchase",
                 *       "service_uid": "c-1001",
                 *       "datetime": "2026-03-01T10:00:00+01:00",
                 *       "metadata": {
                 *         "order": "77"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Event name */
                    event: string;
                    /** @description Finds the user; else email; else document */
                    service_uid?: string;
                    email?: string;
                    document?: string;
                    /** @description YYYY-MM-DD hh:mm:ss (UTC) or ISO 8601 with offset; default now */
                    datetime?: string;
                    /** @description Free-form key/value pairs; at most 16,384 bytes as JSON */
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            event: {
                                id: number;
                                name: string;
                                /** @description YYYY-MM-DD hh:mm:ss, UTC */
                                createtime: string;
                            };
                            user: {
                                userapp_id: number;
                                user_id: number;
                                service_uid: string | null;
                                email: string | null;
                            };
                            /** @description YYYY-MM-DD hh:mm:ss, UTC */
                            datetime: string;
                            /** @description Free-form key/value pairs, or null */
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No event has that name, or no user matches service_uid, email or document */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteUserEventsBulk: {
        parameters: {
            query?: {
                /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                dry_run?: boolean;
            };
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_name": "purchase",
                 *       "from": "2026-03-01",
                 *       "to": "2026-03-31",
                 *       "notify_to": "ops@example.com"
                 *     }
                 */
                "application/json": {
                    /** @description Event name (also accepted as event-name) */
                    event_name?: string;
                    "event-name"?: string;
                    /** @description YYYY-MM-DD hh:mm:ss, ISO 8601, or a bare date (its start) */
                    from?: string;
                    /** @description YYYY-MM-DD hh:mm:ss, ISO 8601, or a bare date (its end) */
                    to?: string;
                    /** @description E-mail address told the outcome */
                    notify_to?: string;
                    /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                    dry_run?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            /** Format: uuid */
                            request_id: string;
                        } | {
                            /** @enum {boolean} */
                            dry_run: true;
                            /** @description How many rows the real call would delete (or change), as it would count them now */
                            would_delete: {
                                /** @description User events of that event whose datetime lies in [from, to] */
                                user_events: number;
                            };
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description event_name, from or to missing or invalid, from after to, notify_to not an e-mail address, or dry_run not true or false */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No event has that name */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            code: string;
                            name: string;
                            parent_code: string | null;
                            /** @description Codes from the root down to this category, joined by / */
                            path: string;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postCategories: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "boots",
                 *       "name": "Boots",
                 *       "parent_code": "shoes"
                 *     }
                 */
                "application/json": {
                    /** @description Unique per account; no / */
                    code: string;
                    name: string;
                    parent_code?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            code: string;
                            name: string;
                            parent_code: string | null;
                            /** @description Codes from the root down to this category, joined by / */
                            path: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteCategories: {
        parameters: {
            query?: {
                /** @description The parent category to delete with all its descendants */
                code?: string;
                /** @description E-mail address told the outcome */
                notify_to?: string;
                /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                dry_run?: boolean;
            };
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The parent category to delete with all its descendants */
                    code?: string;
                    /** @description E-mail address told the outcome */
                    notify_to?: string;
                    /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                    dry_run?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            /** Format: uuid */
                            request_id: string;
                        } | {
                            /** @enum {boolean} */
                            dry_run: true;
                            /** @description How many rows the real call would delete (or change), as it would count them now */
                            would_delete: {
                                /** @description Categories deleted (the category and its descendants; every category for bulk) */
                                categories: number;
                                /** @description Products that refer to one of them and would be left with no category */
                                products_uncategorised: number;
                            };
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description code missing, notify_to not an e-mail address, or dry_run not true or false */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No category has that code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCategoriesByCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            code: string;
                            name: string;
                            parent_code: string | null;
                            /** @description Codes from the root down to this category, joined by / */
                            path: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteCategoriesBulk: {
        parameters: {
            query?: {
                /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                dry_run?: boolean;
            };
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description E-mail address told the outcome */
                    notify_to?: string;
                    /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                    dry_run?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            /** Format: uuid */
                            request_id: string;
                        } | {
                            /** @enum {boolean} */
                            dry_run: true;
                            /** @description How many rows the real call would delete (or change), as it would count them now */
                            would_delete: {
                                /** @description Categories deleted (the category and its descendants; every category for bulk) */
                                categories: number;
                                /** @description Products that refer to one of them and would be left with no category */
                                products_uncategorised: number;
                            };
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description notify_to not an e-mail address, or dry_run not true or false */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getRequests: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
                /** @description Only requests in this status */
                status?: "pending" | "running" | "done" | "failed" | "";
                /** @description Only requests of this type, e.g. categories.delete (a type no request has gives an empty list) */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest created first, ties by request_id descending */
                        payload: {
                            /** Format: uuid */
                            request_id: string;
                            type: string;
                            status: "pending" | "running" | "done" | "failed";
                            result: {
                                deleted: number;
                                error?: string;
                            } | null;
                            created: string;
                            finished: string | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getRequestsByRequestId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            /** Format: uuid */
                            request_id: string;
                            type: string;
                            status: "pending" | "running" | "done" | "failed";
                            result: {
                                deleted: number;
                                error?: string;
                            } | null;
                            created: string;
                            finished: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBenefits: {
        parameters: {
            query?: {
                /** @description How many benefits available for redeem to return (0..1000, default 25) */
                currentbenefits?: number;
                /** @description How many started, not ended, out-of-stock benefits to return (0..1000, default 25) */
                outofstockbenefits?: number;
                /** @description How many not-yet-started benefits to return (0..1000, default 25) */
                comingbenefits?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            current: {
                                id: number;
                                slug: string;
                                title: string;
                                description: string;
                                /** @description "1" active, "0" inactive */
                                status: string;
                                image_id: string;
                                user_id: string;
                                app_id: string;
                                app_code: string;
                                contenttype_id: string;
                                version: string | null;
                                category_id: string | null;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                startdate: string;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                enddate: string;
                                /** @description "1" or "0" */
                                featured: string;
                                /** @description "1" or "0" */
                                wallpublish: string;
                                /** @description "0" means no limit */
                                monthly_redeems: string;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                modified: string;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                created: string;
                                image_url: string;
                                points: number;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                event_date: string;
                                sku: string;
                            }[];
                            outofstock: {
                                id: number;
                                slug: string;
                                title: string;
                                description: string;
                                /** @description "1" active, "0" inactive */
                                status: string;
                                image_id: string;
                                user_id: string;
                                app_id: string;
                                app_code: string;
                                contenttype_id: string;
                                version: string | null;
                                category_id: string | null;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                startdate: string;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                enddate: string;
                                /** @description "1" or "0" */
                                featured: string;
                                /** @description "1" or "0" */
                                wallpublish: string;
                                /** @description "0" means no limit */
                                monthly_redeems: string;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                modified: string;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                created: string;
                                image_url: string;
                                points: number;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                event_date: string;
                                sku: string;
                            }[];
                            comingbenefits: {
                                id: number;
                                slug: string;
                                title: string;
                                description: string;
                                /** @description "1" active, "0" inactive */
                                status: string;
                                image_id: string;
                                user_id: string;
                                app_id: string;
                                app_code: string;
                                contenttype_id: string;
                                version: string | null;
                                category_id: string | null;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                startdate: string;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                enddate: string;
                                /** @description "1" or "0" */
                                featured: string;
                                /** @description "1" or "0" */
                                wallpublish: string;
                                /** @description "0" means no limit */
                                monthly_redeems: string;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                modified: string;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                created: string;
                                image_url: string;
                                points: number;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                event_date: string;
                                sku: string;
                            }[];
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postBenefits: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Free coffee",
                 *       "startdate": "2026-01-01",
                 *       "enddate": "2026-12-31",
                 *       "points": 100,
                 *       "stock": 5,
                 *       "monthly_redeems": "2"
                 *     }
                 */
                "application/json": {
                    title: string;
                    /** @description Start of validity; a bare date means 00:00:00: 'YYYY-MM-DD hh:mm:ss' (UTC), ISO 8601 with an offset, or a bare date */
                    startdate: string;
                    /** @description End of validity, after startdate; a bare date means 23:59:59: 'YYYY-MM-DD hh:mm:ss' (UTC), ISO 8601 with an offset, or a bare date */
                    enddate: string;
                    /** @description Defaults to the normalised title */
                    slug?: string;
                    description?: string;
                    /**
                     * @description "1" or "0" (1/0 and true/false are accepted too)
                     * @enum {unknown}
                     */
                    status?: "0" | "1" | 0 | 1 | true | false;
                    image_id?: string | number;
                    user_id?: string | number;
                    app_id?: string | number;
                    app_code?: string;
                    contenttype_id?: string | number;
                    version?: string | null;
                    category_id?: string | null;
                    /**
                     * @description "1" or "0" (1/0 and true/false are accepted too)
                     * @enum {unknown}
                     */
                    featured?: "0" | "1" | 0 | 1 | true | false;
                    /**
                     * @description "1" or "0" (1/0 and true/false are accepted too)
                     * @enum {unknown}
                     */
                    wallpublish?: "0" | "1" | 0 | 1 | true | false;
                    /** @description Assignments allowed per user per UTC calendar month; "0" means no limit */
                    monthly_redeems?: number | string;
                    image_url?: string;
                    /** @description Points a user pays for one assignment */
                    points?: number;
                    /** @description Defaults to startdate: 'YYYY-MM-DD hh:mm:ss' (UTC), ISO 8601 with an offset, or a bare date */
                    event_date?: string;
                    sku?: string;
                    /** @description Units left; null means unlimited */
                    stock?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            slug: string;
                            title: string;
                            description: string;
                            /** @description "1" active, "0" inactive */
                            status: string;
                            image_id: string;
                            user_id: string;
                            app_id: string;
                            app_code: string;
                            contenttype_id: string;
                            version: string | null;
                            category_id: string | null;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            startdate: string;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            enddate: string;
                            /** @description "1" or "0" */
                            featured: string;
                            /** @description "1" or "0" */
                            wallpublish: string;
                            /** @description "0" means no limit */
                            monthly_redeems: string;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            modified: string;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            created: string;
                            image_url: string;
                            points: number;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            event_date: string;
                            sku: string;
                            /** @description Units left; null means unlimited */
                            stock: number | null;
                            /** @description When stock reached zero, else null */
                            out_stock_at: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBenefitsAll: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            slug: string;
                            title: string;
                            description: string;
                            /** @description "1" active, "0" inactive */
                            status: string;
                            image_id: string;
                            user_id: string;
                            app_id: string;
                            app_code: string;
                            contenttype_id: string;
                            version: string | null;
                            category_id: string | null;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            startdate: string;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            enddate: string;
                            /** @description "1" or "0" */
                            featured: string;
                            /** @description "1" or "0" */
                            wallpublish: string;
                            /** @description "0" means no limit */
                            monthly_redeems: string;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            modified: string;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            created: string;
                            image_url: string;
                            points: number;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            event_date: string;
                            sku: string;
                            /** @description When stock reached zero, else null */
                            out_stock_at: string | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBenefitsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Benefit id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            slug: string;
                            title: string;
                            description: string;
                            /** @description "1" active, "0" inactive */
                            status: string;
                            image_id: string;
                            user_id: string;
                            app_id: string;
                            app_code: string;
                            contenttype_id: string;
                            version: string | null;
                            category_id: string | null;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            startdate: string;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            enddate: string;
                            /** @description "1" or "0" */
                            featured: string;
                            /** @description "1" or "0" */
                            wallpublish: string;
                            /** @description "0" means no limit */
                            monthly_redeems: string;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            modified: string;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            created: string;
                            image_url: string;
                            points: number;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            event_date: string;
                            sku: string;
                            /** @description Units left; null means unlimited */
                            stock: number | null;
                            /** @description When stock reached zero, else null */
                            out_stock_at: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putBenefitsById: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Benefit id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    /** @description Start of validity: 'YYYY-MM-DD hh:mm:ss' (UTC), ISO 8601 with an offset, or a bare date */
                    startdate?: string;
                    /** @description End of validity: 'YYYY-MM-DD hh:mm:ss' (UTC), ISO 8601 with an offset, or a bare date */
                    enddate?: string;
                    /** @description Defaults to the normalised title */
                    slug?: string;
                    description?: string;
                    /**
                     * @description "1" or "0" (1/0 and true/false are accepted too)
                     * @enum {unknown}
                     */
                    status?: "0" | "1" | 0 | 1 | true | false;
                    image_id?: string | number;
                    user_id?: string | number;
                    app_id?: string | number;
                    app_code?: string;
                    contenttype_id?: string | number;
                    version?: string | null;
                    category_id?: string | null;
                    /**
                     * @description "1" or "0" (1/0 and true/false are accepted too)
                     * @enum {unknown}
                     */
                    featured?: "0" | "1" | 0 | 1 | true | false;
                    /**
                     * @description "1" or "0" (1/0 and true/false are accepted too)
                     * @enum {unknown}
                     */
                    wallpublish?: "0" | "1" | 0 | 1 | true | false;
                    /** @description Assignments allowed per user per UTC calendar month; "0" means no limit */
                    monthly_redeems?: number | string;
                    image_url?: string;
                    /** @description Points a user pays for one assignment */
                    points?: number;
                    /** @description Defaults to startdate: 'YYYY-MM-DD hh:mm:ss' (UTC), ISO 8601 with an offset, or a bare date */
                    event_date?: string;
                    sku?: string;
                    /** @description Units left; null means unlimited */
                    stock?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            slug: string;
                            title: string;
                            description: string;
                            /** @description "1" active, "0" inactive */
                            status: string;
                            image_id: string;
                            user_id: string;
                            app_id: string;
                            app_code: string;
                            contenttype_id: string;
                            version: string | null;
                            category_id: string | null;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            startdate: string;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            enddate: string;
                            /** @description "1" or "0" */
                            featured: string;
                            /** @description "1" or "0" */
                            wallpublish: string;
                            /** @description "0" means no limit */
                            monthly_redeems: string;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            modified: string;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            created: string;
                            image_url: string;
                            points: number;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            event_date: string;
                            sku: string;
                            /** @description Units left; null means unlimited */
                            stock: number | null;
                            /** @description When stock reached zero, else null */
                            out_stock_at: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteBenefitsById: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Benefit id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Error */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postBenefitsByBenefitIdAssign: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Benefit id */
                benefit_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The user (its userapp_id): a positive integer, or its digits as a string (form bodies) */
                    userapp_id: number | string;
                };
                "application/json": {
                    /** @description The user (its userapp_id): a positive integer, or its digits as a string (form bodies) */
                    userapp_id: number | string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            status: boolean;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCoupons: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
                /** @description Earliest createtime (inclusive); a bare date means 00:00:00 */
                from?: string;
                /** @description Latest createtime (inclusive); a bare date means 23:59:59 */
                to?: string;
                /** @description Only this user's coupons */
                userapp_id?: number;
                /** @description Only this benefit's coupons */
                benefit_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            /** @description Unique coupon code */
                            code: string;
                            /** @description Points the user paid */
                            points: number;
                            /** @description When the benefit was assigned, 'YYYY-MM-DD hh:mm:ss' UTC */
                            createtime: string;
                            /** @description null once the benefit has been deleted */
                            benefit: {
                                id: number;
                                slug: string;
                                title: string;
                                description: string;
                                /** @description "1" active, "0" inactive */
                                status: string;
                                image_id: string;
                                user_id: string;
                                app_id: string;
                                app_code: string;
                                contenttype_id: string;
                                version: string | null;
                                category_id: string | null;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                startdate: string;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                enddate: string;
                                /** @description "1" or "0" */
                                featured: string;
                                /** @description "1" or "0" */
                                wallpublish: string;
                                /** @description "0" means no limit */
                                monthly_redeems: string;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                modified: string;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                created: string;
                                image_url: string;
                                points: number;
                                /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                event_date: string;
                                sku: string;
                            } | null;
                            user: {
                                userapp_id: number;
                                user_id: number;
                                service_uid: string | null;
                                email: string | null;
                                document: string | null;
                                document_type: string | null;
                                first_name: string | null;
                                last_name: string | null;
                                telephone: string | null;
                                birthdate: string | null;
                                gender: string | null;
                                street: string | null;
                                postcode: string | null;
                                city: string | null;
                                department: string | null;
                                state: string | null;
                                country: string | null;
                                marital_status: string | null;
                                tags: string[];
                                points: number;
                                notes: string | null;
                                club_inscription_date: string | null;
                                custom_attributes: {
                                    [key: string]: unknown;
                                };
                                mailing_enabled: boolean;
                                sms_enabled: boolean;
                                mailing_enabled_reason: string | null;
                                sms_enabled_reason: string | null;
                                createtime: string;
                                updatetime: string;
                            };
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getIntegrationStats: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
                /** @description Earliest createtime (inclusive); a bare date means 00:00:00 */
                from?: string;
                /** @description Latest createtime (inclusive); a bare date means 23:59:59 */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            createtime: string;
                            /** @description null when not sent */
                            customers: {
                                /** @description Records created */
                                created?: number;
                                /** @description Records updated */
                                updated?: number;
                                /** @description Records that failed */
                                failed?: {
                                    /** @description The record that failed, as the client sent it (required) */
                                    element: {
                                        [key: string]: unknown;
                                    };
                                    /** @description Why it failed */
                                    message?: string;
                                }[];
                            } | null;
                            /** @description null when not sent */
                            products: {
                                /** @description Records created */
                                created?: number;
                                /** @description Records updated */
                                updated?: number;
                                /** @description Records that failed */
                                failed?: {
                                    /** @description The record that failed, as the client sent it (required) */
                                    element: {
                                        [key: string]: unknown;
                                    };
                                    /** @description Why it failed */
                                    message?: string;
                                }[];
                            } | null;
                            /** @description null when not sent */
                            branches: {
                                /** @description Records created */
                                created?: number;
                                /** @description Records updated */
                                updated?: number;
                                /** @description Records that failed */
                                failed?: {
                                    /** @description The record that failed, as the client sent it (required) */
                                    element: {
                                        [key: string]: unknown;
                                    };
                                    /** @description Why it failed */
                                    message?: string;
                                }[];
                            } | null;
                            /** @description null when not sent */
                            purchases: {
                                /** @description Records created */
                                created?: number;
                                /** @description Records updated */
                                updated?: number;
                                /** @description Duplicated purchases */
                                duplicated?: number;
                                /** @description Revenue */
                                revenue?: number;
                                /** @description Units */
                                units?: number;
                                /** @description Records that failed */
                                failed?: {
                                    /** @description The record that failed, as the client sent it (required) */
                                    element: {
                                        [key: string]: unknown;
                                    };
                                    /** @description Why it failed */
                                    message?: string;
                                }[];
                            } | null;
                            /** @description null when not sent */
                            files_stats: {
                                /** @description File name (required) */
                                filename: string;
                                /** @description Lines read */
                                read_lines?: number;
                                /** @description Valid lines */
                                valid_lines?: number;
                                /** @description Unique records */
                                unique_registers?: number;
                                /** @description Invalid lines */
                                invalid_lines?: {
                                    /** @description Line number in the file (required) */
                                    line: number;
                                    /** @description Why the line is invalid */
                                    message?: string;
                                    /** @description Free-form details */
                                    additional_details?: {
                                        [key: string]: unknown;
                                    };
                                }[];
                                /** @description Revenue */
                                revenue?: number;
                                /** @description Units */
                                units?: number;
                                /** @description Customers with orders */
                                orders_customers?: number;
                            }[] | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postIntegrationStats: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customers": {
                 *         "created": 120,
                 *         "updated": 30,
                 *         "failed": [
                 *           {
                 *             "element": {
                 *               "email": "bad@"
                 *             },
                 *             "message": "invalid email"
                 *           }
                 *         ]
                 *       },
                 *       "files_stats": [
                 *         {
                 *           "filename": "customers.csv",
                 *           "read_lines": 151,
                 *           "valid_lines": 150
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Customer synchronisation */
                    customers?: {
                        /** @description Records created */
                        created?: number | null;
                        /** @description Records updated */
                        updated?: number | null;
                        /** @description Records that failed */
                        failed?: {
                            /** @description The record that failed, as the client sent it (required) */
                            element: {
                                [key: string]: unknown;
                            };
                            /** @description Why it failed */
                            message?: string | null;
                        }[] | null;
                    } | null;
                    /** @description Product synchronisation */
                    products?: {
                        /** @description Records created */
                        created?: number | null;
                        /** @description Records updated */
                        updated?: number | null;
                        /** @description Records that failed */
                        failed?: {
                            /** @description The record that failed, as the client sent it (required) */
                            element: {
                                [key: string]: unknown;
                            };
                            /** @description Why it failed */
                            message?: string | null;
                        }[] | null;
                    } | null;
                    /** @description Branch synchronisation */
                    branches?: {
                        /** @description Records created */
                        created?: number | null;
                        /** @description Records updated */
                        updated?: number | null;
                        /** @description Records that failed */
                        failed?: {
                            /** @description The record that failed, as the client sent it (required) */
                            element: {
                                [key: string]: unknown;
                            };
                            /** @description Why it failed */
                            message?: string | null;
                        }[] | null;
                    } | null;
                    /** @description Purchase synchronisation */
                    purchases?: {
                        /** @description Records created */
                        created?: number | null;
                        /** @description Records updated */
                        updated?: number | null;
                        /** @description Duplicated purchases */
                        duplicated?: number | null;
                        /** @description Revenue */
                        revenue?: number | null;
                        /** @description Units */
                        units?: number | null;
                        /** @description Records that failed */
                        failed?: {
                            /** @description The record that failed, as the client sent it (required) */
                            element: {
                                [key: string]: unknown;
                            };
                            /** @description Why it failed */
                            message?: string | null;
                        }[] | null;
                    } | null;
                    /** @description When the integration ran: 'YYYY-MM-DD hh:mm:ss' (UTC) or ISO 8601 with an offset; defaults to now */
                    createtime?: string;
                    /** @description One item per file processed */
                    files_stats?: {
                        /** @description File name (required) */
                        filename: string;
                        /** @description Lines read */
                        read_lines?: number | null;
                        /** @description Valid lines */
                        valid_lines?: number | null;
                        /** @description Unique records */
                        unique_registers?: number | null;
                        /** @description Invalid lines */
                        invalid_lines?: {
                            /** @description Line number in the file (required) */
                            line: number;
                            /** @description Why the line is invalid */
                            message?: string | null;
                            /** @description Free-form details */
                            additional_details?: {
                                [key: string]: unknown;
                            } | null;
                        }[] | null;
                        /** @description Revenue */
                        revenue?: number | null;
                        /** @description Units */
                        units?: number | null;
                        /** @description Customers with orders */
                        orders_customers?: number | null;
                    }[] | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                            createtime: string;
                            /** @description null when not sent */
                            customers: {
                                /** @description Records created */
                                created?: number;
                                /** @description Records updated */
                                updated?: number;
                                /** @description Records that failed */
                                failed?: {
                                    /** @description The record that failed, as the client sent it (required) */
                                    element: {
                                        [key: string]: unknown;
                                    };
                                    /** @description Why it failed */
                                    message?: string;
                                }[];
                            } | null;
                            /** @description null when not sent */
                            products: {
                                /** @description Records created */
                                created?: number;
                                /** @description Records updated */
                                updated?: number;
                                /** @description Records that failed */
                                failed?: {
                                    /** @description The record that failed, as the client sent it (required) */
                                    element: {
                                        [key: string]: unknown;
                                    };
                                    /** @description Why it failed */
                                    message?: string;
                                }[];
                            } | null;
                            /** @description null when not sent */
                            branches: {
                                /** @description Records created */
                                created?: number;
                                /** @description Records updated */
                                updated?: number;
                                /** @description Records that failed */
                                failed?: {
                                    /** @description The record that failed, as the client sent it (required) */
                                    element: {
                                        [key: string]: unknown;
                                    };
                                    /** @description Why it failed */
                                    message?: string;
                                }[];
                            } | null;
                            /** @description null when not sent */
                            purchases: {
                                /** @description Records created */
                                created?: number;
                                /** @description Records updated */
                                updated?: number;
                                /** @description Duplicated purchases */
                                duplicated?: number;
                                /** @description Revenue */
                                revenue?: number;
                                /** @description Units */
                                units?: number;
                                /** @description Records that failed */
                                failed?: {
                                    /** @description The record that failed, as the client sent it (required) */
                                    element: {
                                        [key: string]: unknown;
                                    };
                                    /** @description Why it failed */
                                    message?: string;
                                }[];
                            } | null;
                            /** @description null when not sent */
                            files_stats: {
                                /** @description File name (required) */
                                filename: string;
                                /** @description Lines read */
                                read_lines?: number;
                                /** @description Valid lines */
                                valid_lines?: number;
                                /** @description Unique records */
                                unique_registers?: number;
                                /** @description Invalid lines */
                                invalid_lines?: {
                                    /** @description Line number in the file (required) */
                                    line: number;
                                    /** @description Why the line is invalid */
                                    message?: string;
                                    /** @description Free-form details */
                                    additional_details?: {
                                        [key: string]: unknown;
                                    };
                                }[];
                                /** @description Revenue */
                                revenue?: number;
                                /** @description Units */
                                units?: number;
                                /** @description Customers with orders */
                                orders_customers?: number;
                            }[] | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountBlacklist: {
        parameters: {
            query?: {
                /** @description Which list: email or telephone */
                blacklist?: "email" | "telephone";
                /** @description Accepted as `blacklist` when its value is email or telephone */
                type?: string;
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            total: number;
                            entries: {
                                value: string;
                                createtime: string;
                            }[];
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAccountBlacklist: {
        parameters: {
            query?: {
                /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                dry_run?: boolean;
            };
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "file": "email\nana@example.com\nbob@example.com\n",
                 *       "blacklist": "email",
                 *       "type": "create"
                 *     }
                 */
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description CSV, UTF-8 with or without BOM; the first column of each line is one value; a header word is skipped
                     */
                    file: string;
                    /**
                     * @description Which list: email or telephone
                     * @enum {unknown}
                     */
                    blacklist: "email" | "telephone";
                    /**
                     * @description create adds entries; delete-create replaces the whole list
                     * @enum {unknown}
                     */
                    type: "create" | "delete-create";
                };
            };
        };
        responses: {
            /** @description Applied (payload null), or with dry_run=true what it would do */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: null | {
                            /** @enum {boolean} */
                            dry_run: true;
                            /**
                             * @description Which list: email or telephone
                             * @enum {unknown}
                             */
                            blacklist: "email" | "telephone";
                            /** @enum {unknown} */
                            type: "create" | "delete-create";
                            /** @description Physical lines read */
                            lines: number;
                            would_delete: {
                                /** @description Entries of the list that would go (delete-create: all of them; create: 0) */
                                entries: number;
                            };
                            would_add: {
                                /** @description Entries that would be written: the distinct values of the file (for create, only those not listed yet) */
                                entries: number;
                            };
                            invalid_lines: {
                                count: number;
                                /** @description The first 20 invalid lines (values over 80 characters shortened) */
                                first: {
                                    line: number;
                                    value: string;
                                    /** @description Set when the line is not readable CSV */
                                    problem?: string;
                                }[];
                            };
                            /** @description The 400 message the real upload would answer (it would change nothing), or null when it would apply */
                            rejection: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAccountBlacklist: {
        parameters: {
            query?: {
                /** @description Which list: email or telephone */
                blacklist?: "email" | "telephone";
                /** @description Accepted as `blacklist` when its value is email or telephone */
                type?: string;
                /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                dry_run?: boolean;
            };
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Which list: email or telephone
                     * @enum {unknown}
                     */
                    blacklist?: "email" | "telephone";
                    /** @description Accepted as `blacklist` when its value is email or telephone */
                    type?: string;
                    /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                    dry_run?: boolean;
                };
            };
        };
        responses: {
            /** @description Emptied (payload null), or with dry_run=true what it would delete */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: null | {
                            /** @enum {boolean} */
                            dry_run: true;
                            /** @description How many rows the real call would delete (or change), as it would count them now */
                            would_delete: {
                                /** @description Entries the list holds now, all of which would go */
                                entries: number;
                            };
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountBlacklistByBlacklistByValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Which list: email or telephone */
                blacklist: "email" | "telephone";
                /** @description An e-mail address or telephone; normalised before the check */
                value: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            blacklisted: boolean;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
                /** @description Exactly this SKU */
                sku?: string;
                /** @description Substring of SKU, name or brand (case-insensitive) */
                search?: string;
                /** @description true or false; empty is no filter */
                available?: "true" | "false" | "";
                /** @description A category code: products of it and of every descendant */
                category?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            sku: string;
                            name: string;
                            base_name: string | null;
                            brand: string | null;
                            description: string | null;
                            url: string | null;
                            image_url: string | null;
                            thumbnail_url: string | null;
                            price: number | null;
                            offer_price: number | null;
                            stock: number | null;
                            available: boolean;
                            /** @description From the root down to the product's category; [] when none */
                            category: {
                                /** @description Category code */
                                id: string;
                                name: string;
                            }[];
                            /** @description As given: an array of {name, value} or an object of strings ([] when never given) */
                            specifications: {
                                name: string;
                                value: string;
                            }[] | {
                                [key: string]: string;
                            };
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            createtime: string;
                            updatetime: string;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per account; on PUT a different one renames the product */
                    sku: string;
                    name: string;
                    base_name?: string;
                    brand?: string;
                    description?: string;
                    url?: string;
                    image_url?: string;
                    thumbnail_url?: string;
                    price?: number;
                    offer_price?: number;
                    stock?: number;
                    /** @description Default true */
                    available?: boolean;
                    /** @description From the root down: items {id (a category code), name} or bare strings (both code and name) */
                    category?: (string | {
                        id?: string | number;
                        name?: string;
                        url?: string | null;
                        image_url?: string | null;
                    })[];
                    /** @description Up to 200 specifications: an array of {name, value} strings, or an object of strings; read back in the form given */
                    specifications?: {
                        name: string;
                        value: string;
                    }[] | {
                        [key: string]: string;
                    };
                    /** @description Free-form JSON object; at most 16,384 bytes as JSON */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    /** @description Values keyed by product custom attribute name (P5); a value may be an array; null removes it (PUT) */
                    custom_attributes?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            sku: string;
                            name: string;
                            base_name: string | null;
                            brand: string | null;
                            description: string | null;
                            url: string | null;
                            image_url: string | null;
                            thumbnail_url: string | null;
                            price: number | null;
                            offer_price: number | null;
                            stock: number | null;
                            available: boolean;
                            /** @description From the root down to the product's category; [] when none */
                            category: {
                                /** @description Category code */
                                id: string;
                                name: string;
                            }[];
                            /** @description As given: an array of {name, value} or an object of strings ([] when never given) */
                            specifications: {
                                name: string;
                                value: string;
                            }[] | {
                                [key: string]: string;
                            };
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            createtime: string;
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid field (named in the message), or the SKU already exists */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The SKU in base64: standard (URL-encoded) or URL-safe, padded or not */
                sku: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            sku: string;
                            name: string;
                            base_name: string | null;
                            brand: string | null;
                            description: string | null;
                            url: string | null;
                            image_url: string | null;
                            thumbnail_url: string | null;
                            price: number | null;
                            offer_price: number | null;
                            stock: number | null;
                            available: boolean;
                            /** @description From the root down to the product's category; [] when none */
                            category: {
                                /** @description Category code */
                                id: string;
                                name: string;
                            }[];
                            /** @description As given: an array of {name, value} or an object of strings ([] when never given) */
                            specifications: {
                                name: string;
                                value: string;
                            }[] | {
                                [key: string]: string;
                            };
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            createtime: string;
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No product has that SKU in this account (also a path id that is not base64 of any text) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The SKU in base64: standard (URL-encoded) or URL-safe, padded or not */
                sku: string;
            };
            cookie?: never;
        };
        /** @description Only the fields given change; `exist` and the read-only fields the client echoes are ignored */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per account; on PUT a different one renames the product */
                    sku?: string;
                    name?: string;
                    base_name?: string;
                    brand?: string;
                    description?: string;
                    url?: string;
                    image_url?: string;
                    thumbnail_url?: string;
                    price?: number;
                    offer_price?: number;
                    stock?: number;
                    /** @description Default true */
                    available?: boolean;
                    /** @description From the root down: items {id (a category code), name} or bare strings (both code and name) */
                    category?: (string | {
                        id?: string | number;
                        name?: string;
                        url?: string | null;
                        image_url?: string | null;
                    })[];
                    /** @description Up to 200 specifications: an array of {name, value} strings, or an object of strings; read back in the form given */
                    specifications?: {
                        name: string;
                        value: string;
                    }[] | {
                        [key: string]: string;
                    };
                    /** @description Free-form JSON object; at most 16,384 bytes as JSON */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    /** @description Values keyed by product custom attribute name (P5); a value may be an array; null removes it (PUT) */
                    custom_attributes?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            sku: string;
                            name: string;
                            base_name: string | null;
                            brand: string | null;
                            description: string | null;
                            url: string | null;
                            image_url: string | null;
                            thumbnail_url: string | null;
                            price: number | null;
                            offer_price: number | null;
                            stock: number | null;
                            available: boolean;
                            /** @description From the root down to the product's category; [] when none */
                            category: {
                                /** @description Category code */
                                id: string;
                                name: string;
                            }[];
                            /** @description As given: an array of {name, value} or an object of strings ([] when never given) */
                            specifications: {
                                name: string;
                                value: string;
                            }[] | {
                                [key: string]: string;
                            };
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            createtime: string;
                            updatetime: string;
                            /** @description Always true: the platform client reads it to know the update worked */
                            exist: boolean;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid field (named in the message), or the new SKU belongs to another product */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No product has that SKU in this account (also a path id that is not base64 of any text) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteProduct: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The SKU in base64: standard (URL-encoded) or URL-safe, padded or not */
                sku: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Error */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No product has that SKU in this account (also a path id that is not base64 of any text) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    productExists: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The SKU in base64: standard (URL-encoded) or URL-safe, padded or not */
                sku: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            exist: boolean;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listBranches: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
                /** @description Substring of the name (case-insensitive) */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            name: string;
                            description: string | null;
                            display_name: string | null;
                            email: string | null;
                            telephone: string | null;
                            address: string | null;
                            working_hours: string | null;
                            notes: string | null;
                            branch_zone: {
                                code: string;
                                name: string | null;
                            } | null;
                            holder: string | null;
                            /** @enum {string} */
                            status: "active" | "inactive";
                            country: {
                                code: string;
                            } | null;
                            state: string | null;
                            city: string | null;
                            business_type: string | null;
                            shopping_center: string | null;
                            location_type: string | null;
                            m2: number | null;
                            m2_cost: number | null;
                            employees_quantity: number | null;
                            group: string | null;
                            format: string | null;
                            is_web: boolean;
                            createtime: string;
                            updatetime: string;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createBranch: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per account, compared case-insensitively after trimming; stored trimmed */
                    name: string;
                    description?: string;
                    display_name?: string;
                    /** @description A valid e-mail address; stored trimmed and lowercased */
                    email?: string;
                    telephone?: string;
                    address?: string;
                    working_hours?: string;
                    notes?: string;
                    branch_zone?: {
                        code: string;
                        name?: string;
                    };
                    holder?: string;
                    /**
                     * @description Default active
                     * @enum {string}
                     */
                    status?: "active" | "inactive";
                    country?: {
                        code: string;
                    };
                    state?: string;
                    city?: string;
                    /**
                     * @description own or franchisee (null: not given)
                     * @enum {string}
                     */
                    business_type?: "own" | "franchisee";
                    shopping_center?: string;
                    location_type?: string;
                    /** @description Floor area in square metres */
                    m2?: number;
                    m2_cost?: number;
                    employees_quantity?: number;
                    group?: string;
                    /**
                     * @description The branch format (null: not given)
                     * @enum {string}
                     */
                    format?: "brand_branch" | "multibrand_branch" | "brand_island" | "multibrand_island" | "outlet";
                    /** @description Default false */
                    is_web?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            name: string;
                            description: string | null;
                            display_name: string | null;
                            email: string | null;
                            telephone: string | null;
                            address: string | null;
                            working_hours: string | null;
                            notes: string | null;
                            branch_zone: {
                                code: string;
                                name: string | null;
                            } | null;
                            holder: string | null;
                            /** @enum {string} */
                            status: "active" | "inactive";
                            country: {
                                code: string;
                            } | null;
                            state: string | null;
                            city: string | null;
                            business_type: string | null;
                            shopping_center: string | null;
                            location_type: string | null;
                            m2: number | null;
                            m2_cost: number | null;
                            employees_quantity: number | null;
                            group: string | null;
                            format: string | null;
                            is_web: boolean;
                            createtime: string;
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid field (named in the message), or a branch of that name exists */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteBranch: {
        parameters: {
            query?: {
                /** @description The branch to delete (required, in the body or the query) */
                id?: number;
                /** @description E-mail address told the outcome */
                notify_to?: string;
                /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                dry_run?: boolean;
            };
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 1,
                 *       "notify_to": "ops@example.com"
                 *     }
                 */
                "application/json": {
                    /** @description The branch to delete (required, in the body or the query) */
                    id?: number;
                    /** @description E-mail address told the outcome */
                    notify_to?: string;
                    /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                    dry_run?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            /** Format: uuid */
                            request_id: string;
                        } | {
                            /** @enum {boolean} */
                            dry_run: true;
                            /** @description How many rows the real call would delete (or change), as it would count them now */
                            would_delete: {
                                /** @description Branches deleted: 1 */
                                branches: number;
                                /** @description Purchases of the branch, which would keep their data and answer branch: null */
                                purchases_unassigned: number;
                            };
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description id missing or not a branch id (an integer from 1), notify_to not an e-mail address, or dry_run not true or false */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No branch has that id in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBranch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Branch id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            name: string;
                            description: string | null;
                            display_name: string | null;
                            email: string | null;
                            telephone: string | null;
                            address: string | null;
                            working_hours: string | null;
                            notes: string | null;
                            branch_zone: {
                                code: string;
                                name: string | null;
                            } | null;
                            holder: string | null;
                            /** @enum {string} */
                            status: "active" | "inactive";
                            country: {
                                code: string;
                            } | null;
                            state: string | null;
                            city: string | null;
                            business_type: string | null;
                            shopping_center: string | null;
                            location_type: string | null;
                            m2: number | null;
                            m2_cost: number | null;
                            employees_quantity: number | null;
                            group: string | null;
                            format: string | null;
                            is_web: boolean;
                            createtime: string;
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No branch has that id in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateBranch: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Not a numeric id: the base64 of the branch name (P4), as one path segment (a / of standard base64 sent as %2F; sent raw, the rest of the path is the name), or URL-safe base64 with or without padding */
                id: string;
            };
            cookie?: never;
        };
        /** @description Only the fields given change */
        requestBody: {
            content: {
                "application/json": {
                    /** @description A different name renames the branch (400 when another branch has it) */
                    name?: string;
                    description?: string;
                    display_name?: string;
                    /** @description A valid e-mail address; stored trimmed and lowercased */
                    email?: string;
                    telephone?: string;
                    address?: string;
                    working_hours?: string;
                    notes?: string;
                    branch_zone?: {
                        code: string;
                        name?: string;
                    };
                    holder?: string;
                    /**
                     * @description Default active
                     * @enum {string}
                     */
                    status?: "active" | "inactive";
                    country?: {
                        code: string;
                    };
                    state?: string;
                    city?: string;
                    /**
                     * @description own or franchisee (null: not given)
                     * @enum {string}
                     */
                    business_type?: "own" | "franchisee";
                    shopping_center?: string;
                    location_type?: string;
                    /** @description Floor area in square metres */
                    m2?: number;
                    m2_cost?: number;
                    employees_quantity?: number;
                    group?: string;
                    /**
                     * @description The branch format (null: not given)
                     * @enum {string}
                     */
                    format?: "brand_branch" | "multibrand_branch" | "brand_island" | "multibrand_island" | "outlet";
                    /** @description Default false */
                    is_web?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            name: string;
                            description: string | null;
                            display_name: string | null;
                            email: string | null;
                            telephone: string | null;
                            address: string | null;
                            working_hours: string | null;
                            notes: string | null;
                            branch_zone: {
                                code: string;
                                name: string | null;
                            } | null;
                            holder: string | null;
                            /** @enum {string} */
                            status: "active" | "inactive";
                            country: {
                                code: string;
                            } | null;
                            state: string | null;
                            city: string | null;
                            business_type: string | null;
                            shopping_center: string | null;
                            location_type: string | null;
                            m2: number | null;
                            m2_cost: number | null;
                            employees_quantity: number | null;
                            group: string | null;
                            format: string | null;
                            is_web: boolean;
                            createtime: string;
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid field (named in the message), or the new name belongs to another branch */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No branch has the name the path encodes (also a path that is not base64 of any text) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPurchases: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
                service_uid?: string;
                email?: string;
                document?: string;
                /** @description A userapp_id, 1 to 2147483647 */
                userapp_id?: string;
                invoice_number?: string;
                /** @description Compared case-insensitively after trimming */
                branch_name?: string;
                /** @description On createtime, inclusive (G7; a bare date is the whole day) */
                from?: string;
                /** @description On createtime, inclusive (G7; a bare date is the whole day) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            invoice_number: string;
                            user: {
                                userapp_id: number;
                                service_uid: string | null;
                                email: string | null;
                                document: string | null;
                            };
                            branch: {
                                id: number;
                                name: string;
                            } | null;
                            channel: string | null;
                            points: number;
                            prices: {
                                cost: number;
                                shipping: number;
                                gross: number;
                                tax: number;
                                discount: number;
                                total: number;
                            };
                            payment: {
                                type: string;
                                brand: string | null;
                                bank: string | null;
                                total: number | null;
                                installments: number | null;
                            }[];
                            seller: {
                                name: string | null;
                                email: string | null;
                                external_id: string | number | null;
                            } | null;
                            purchase_detail: {
                                sku: string;
                                product_name: string;
                                quantity: number;
                                unit_price: number;
                                variations: {
                                    name: string;
                                    value: string | number;
                                }[];
                                /** @description The path as the purchase gave it, from the root; [] when none */
                                category: {
                                    /** @description Category code */
                                    id: string;
                                    name: string;
                                }[];
                                brand: string | null;
                                url: string | null;
                                image_url: string | null;
                                thumbnail_url: string | null;
                                manufacturer_warranty_date: string | null;
                                extension_warranty_date: string | null;
                                with_extension_warranty: boolean | null;
                                custom_attributes: {
                                    [key: string]: unknown;
                                };
                            }[];
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            createtime: string;
                            approvedtime: string | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid parameter (named in the message) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    replacePurchase: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per account; an integer is taken as its decimal text */
                    invoice_number: string | number;
                    service_uid?: string;
                    email?: string;
                    document?: string;
                    telephone?: string;
                    purchase_detail: {
                        /** @description A product that does not exist yet is created from the item */
                        sku: string;
                        /** @description Also the name of a product the item creates */
                        product_name: string;
                        /** @description Default 1 */
                        quantity?: number;
                        /** @description Default 0; also the price of a product the item creates */
                        unit_price?: number;
                        variations?: {
                            name: string;
                            value: string | number;
                        }[];
                        /** @description From the root down: items {id (a category code), name} or bare strings (both code and name) */
                        category?: (string | {
                            id?: string | number;
                            name?: string;
                            url?: string | null;
                            image_url?: string | null;
                        })[];
                        brand?: string;
                        url?: string;
                        image_url?: string;
                        thumbnail_url?: string;
                        /** @description G7 datetime, or a bare YYYY-MM-DD (that day at 00:00:00) */
                        manufacturer_warranty_date?: string;
                        /** @description G7 datetime, or a bare YYYY-MM-DD (that day at 00:00:00) */
                        extension_warranty_date?: string;
                        with_extension_warranty?: boolean;
                        /** @description Values keyed by purchase item custom attribute name (P5); a value may be an array of values of the attribute's type */
                        custom_attributes?: {
                            [key: string]: unknown;
                        };
                    }[];
                    prices?: {
                        /** @description Absent or null reads 0 */
                        cost?: number | null;
                        /** @description Absent or null reads 0 */
                        shipping?: number | null;
                        /** @description Absent or null reads 0 */
                        gross?: number | null;
                        /** @description Absent or null reads 0 */
                        tax?: number | null;
                        /** @description Absent or null reads 0 */
                        discount?: number | null;
                        /** @description Absent or null reads 0 */
                        total?: number | null;
                    };
                    /** @description A branch of that name (compared case-insensitively) is created when none exists */
                    branch_name?: string;
                    /** @enum {string} */
                    channel?: "web" | "telephone" | "in-store" | "corporate" | "direct" | "other";
                    /** @description One payment object or an array of them; answered as an array */
                    payment?: {
                        /** @enum {string} */
                        type: "credit" | "debit" | "other" | "mercadopago" | "todopago" | "cash";
                        brand?: string;
                        bank?: string;
                        total?: number;
                        installments?: number;
                    } | {
                        /** @enum {string} */
                        type: "credit" | "debit" | "other" | "mercadopago" | "todopago" | "cash";
                        brand?: string;
                        bank?: string;
                        total?: number;
                        installments?: number;
                    }[];
                    seller?: {
                        name?: string;
                        email?: string;
                        external_id?: string | number;
                    };
                    /** @description Credited to the user (concept "purchase"); default 0 */
                    points?: number;
                    /** @description G7 datetime; default now (on PUT: the stored one) */
                    createtime?: string;
                    /** @description G7 datetime */
                    approvedtime?: string;
                    /** @description Free-form JSON object; at most 16,384 bytes as JSON */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    /** @description Values keyed by purchase custom attribute name (P5); a value may be an array of values of the attribute's type */
                    custom_attributes?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            invoice_number: string;
                            user: {
                                userapp_id: number;
                                service_uid: string | null;
                                email: string | null;
                                document: string | null;
                            };
                            branch: {
                                id: number;
                                name: string;
                            } | null;
                            channel: string | null;
                            points: number;
                            prices: {
                                cost: number;
                                shipping: number;
                                gross: number;
                                tax: number;
                                discount: number;
                                total: number;
                            };
                            payment: {
                                type: string;
                                brand: string | null;
                                bank: string | null;
                                total: number | null;
                                installments: number | null;
                            }[];
                            seller: {
                                name: string | null;
                                email: string | null;
                                external_id: string | number | null;
                            } | null;
                            purchase_detail: {
                                sku: string;
                                product_name: string;
                                quantity: number;
                                unit_price: number;
                                variations: {
                                    name: string;
                                    value: string | number;
                                }[];
                                /** @description The path as the purchase gave it, from the root; [] when none */
                                category: {
                                    /** @description Category code */
                                    id: string;
                                    name: string;
                                }[];
                                brand: string | null;
                                url: string | null;
                                image_url: string | null;
                                thumbnail_url: string | null;
                                manufacturer_warranty_date: string | null;
                                extension_warranty_date: string | null;
                                with_extension_warranty: boolean | null;
                                custom_attributes: {
                                    [key: string]: unknown;
                                };
                            }[];
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            createtime: string;
                            approvedtime: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid field (named in the message), or a points decrease the user's balance cannot absorb (nothing changes) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description code not_found: no purchase has this invoice_number; code user_not_found: no user matches the identities */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createPurchase: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per account; an integer is taken as its decimal text */
                    invoice_number: string | number;
                    service_uid?: string;
                    email?: string;
                    document?: string;
                    telephone?: string;
                    purchase_detail: {
                        /** @description A product that does not exist yet is created from the item */
                        sku: string;
                        /** @description Also the name of a product the item creates */
                        product_name: string;
                        /** @description Default 1 */
                        quantity?: number;
                        /** @description Default 0; also the price of a product the item creates */
                        unit_price?: number;
                        variations?: {
                            name: string;
                            value: string | number;
                        }[];
                        /** @description From the root down: items {id (a category code), name} or bare strings (both code and name) */
                        category?: (string | {
                            id?: string | number;
                            name?: string;
                            url?: string | null;
                            image_url?: string | null;
                        })[];
                        brand?: string;
                        url?: string;
                        image_url?: string;
                        thumbnail_url?: string;
                        /** @description G7 datetime, or a bare YYYY-MM-DD (that day at 00:00:00) */
                        manufacturer_warranty_date?: string;
                        /** @description G7 datetime, or a bare YYYY-MM-DD (that day at 00:00:00) */
                        extension_warranty_date?: string;
                        with_extension_warranty?: boolean;
                        /** @description Values keyed by purchase item custom attribute name (P5); a value may be an array of values of the attribute's type */
                        custom_attributes?: {
                            [key: string]: unknown;
                        };
                    }[];
                    prices?: {
                        /** @description Absent or null reads 0 */
                        cost?: number | null;
                        /** @description Absent or null reads 0 */
                        shipping?: number | null;
                        /** @description Absent or null reads 0 */
                        gross?: number | null;
                        /** @description Absent or null reads 0 */
                        tax?: number | null;
                        /** @description Absent or null reads 0 */
                        discount?: number | null;
                        /** @description Absent or null reads 0 */
                        total?: number | null;
                    };
                    /** @description A branch of that name (compared case-insensitively) is created when none exists */
                    branch_name?: string;
                    /** @enum {string} */
                    channel?: "web" | "telephone" | "in-store" | "corporate" | "direct" | "other";
                    /** @description One payment object or an array of them; answered as an array */
                    payment?: {
                        /** @enum {string} */
                        type: "credit" | "debit" | "other" | "mercadopago" | "todopago" | "cash";
                        brand?: string;
                        bank?: string;
                        total?: number;
                        installments?: number;
                    } | {
                        /** @enum {string} */
                        type: "credit" | "debit" | "other" | "mercadopago" | "todopago" | "cash";
                        brand?: string;
                        bank?: string;
                        total?: number;
                        installments?: number;
                    }[];
                    seller?: {
                        name?: string;
                        email?: string;
                        external_id?: string | number;
                    };
                    /** @description Credited to the user (concept "purchase"); default 0 */
                    points?: number;
                    /** @description G7 datetime; default now (on PUT: the stored one) */
                    createtime?: string;
                    /** @description G7 datetime */
                    approvedtime?: string;
                    /** @description Free-form JSON object; at most 16,384 bytes as JSON */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    /** @description Values keyed by purchase custom attribute name (P5); a value may be an array of values of the attribute's type */
                    custom_attributes?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            invoice_number: string;
                            user: {
                                userapp_id: number;
                                service_uid: string | null;
                                email: string | null;
                                document: string | null;
                            };
                            branch: {
                                id: number;
                                name: string;
                            } | null;
                            channel: string | null;
                            points: number;
                            prices: {
                                cost: number;
                                shipping: number;
                                gross: number;
                                tax: number;
                                discount: number;
                                total: number;
                            };
                            payment: {
                                type: string;
                                brand: string | null;
                                bank: string | null;
                                total: number | null;
                                installments: number | null;
                            }[];
                            seller: {
                                name: string | null;
                                email: string | null;
                                external_id: string | number | null;
                            } | null;
                            purchase_detail: {
                                sku: string;
                                product_name: string;
                                quantity: number;
                                unit_price: number;
                                variations: {
                                    name: string;
                                    value: string | number;
                                }[];
                                /** @description The path as the purchase gave it, from the root; [] when none */
                                category: {
                                    /** @description Category code */
                                    id: string;
                                    name: string;
                                }[];
                                brand: string | null;
                                url: string | null;
                                image_url: string | null;
                                thumbnail_url: string | null;
                                manufacturer_warranty_date: string | null;
                                extension_warranty_date: string | null;
                                with_extension_warranty: boolean | null;
                                custom_attributes: {
                                    [key: string]: unknown;
                                };
                            }[];
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            createtime: string;
                            approvedtime: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description code duplicated_purchase_number: the account already has a purchase with this invoice_number; code bad_request: an invalid field (named in the message) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description code user_not_found: no user matches the first non-empty of service_uid, email, document, telephone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createPurchasesBulk: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                }[];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            /** @description How many purchases were stored */
                            created: number;
                            failed: {
                                /** @description Position of the purchase in the request, from 0 */
                                index: number;
                                invoice_number: string | null;
                                /** @description bad_request, duplicated_purchase_number or user_not_found (S2) */
                                code: string;
                                message: string;
                            }[];
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description The body is not an array of 1 to 100 objects (nothing is stored) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPurchasesSummary: {
        parameters: {
            query?: {
                /** @description On createtime, inclusive (G7; a bare date is its start). Default: 29 days before to's day (12 months with group_by=month) */
                from?: string;
                /** @description On createtime, inclusive (G7; a bare date is its end). Default: the end of today (UTC) */
                to?: string;
                /** @description Bucket size: day (default) or month, in UTC */
                group_by?: "day" | "month" | "";
                /** @description Only this branch's purchases (compared case-insensitively after trimming) */
                branch_name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Every bucket from from's to to's, oldest first, empty ones with 0 */
                        payload: {
                            /** @description The UTC day YYYY-MM-DD, or the month YYYY-MM with group_by=month */
                            date: string;
                            /** @description Purchases whose createtime lies in the bucket (and in from..to) */
                            orders: number;
                            /** @description Sum of their prices.total, rounded to 6 decimals; 0 when none */
                            revenue: number;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description from or to not a G7 datetime or date, from after to, a range over 366 days (120 months with group_by=month), or group_by not day or month */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPurchase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The purchase id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            invoice_number: string;
                            user: {
                                userapp_id: number;
                                service_uid: string | null;
                                email: string | null;
                                document: string | null;
                            };
                            branch: {
                                id: number;
                                name: string;
                            } | null;
                            channel: string | null;
                            points: number;
                            prices: {
                                cost: number;
                                shipping: number;
                                gross: number;
                                tax: number;
                                discount: number;
                                total: number;
                            };
                            payment: {
                                type: string;
                                brand: string | null;
                                bank: string | null;
                                total: number | null;
                                installments: number | null;
                            }[];
                            seller: {
                                name: string | null;
                                email: string | null;
                                external_id: string | number | null;
                            } | null;
                            purchase_detail: {
                                sku: string;
                                product_name: string;
                                quantity: number;
                                unit_price: number;
                                variations: {
                                    name: string;
                                    value: string | number;
                                }[];
                                /** @description The path as the purchase gave it, from the root; [] when none */
                                category: {
                                    /** @description Category code */
                                    id: string;
                                    name: string;
                                }[];
                                brand: string | null;
                                url: string | null;
                                image_url: string | null;
                                thumbnail_url: string | null;
                                manufacturer_warranty_date: string | null;
                                extension_warranty_date: string | null;
                                with_extension_warranty: boolean | null;
                                custom_attributes: {
                                    [key: string]: unknown;
                                };
                            }[];
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            createtime: string;
                            approvedtime: string | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No purchase has that id in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deletePurchase: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The purchase id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Error */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No purchase has that id in this account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listUserPurchases: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            invoice_number: string;
                            user: {
                                userapp_id: number;
                                service_uid: string | null;
                                email: string | null;
                                document: string | null;
                            };
                            branch: {
                                id: number;
                                name: string;
                            } | null;
                            channel: string | null;
                            points: number;
                            prices: {
                                cost: number;
                                shipping: number;
                                gross: number;
                                tax: number;
                                discount: number;
                                total: number;
                            };
                            payment: {
                                type: string;
                                brand: string | null;
                                bank: string | null;
                                total: number | null;
                                installments: number | null;
                            }[];
                            seller: {
                                name: string | null;
                                email: string | null;
                                external_id: string | number | null;
                            } | null;
                            purchase_detail: {
                                sku: string;
                                product_name: string;
                                quantity: number;
                                unit_price: number;
                                variations: {
                                    name: string;
                                    value: string | number;
                                }[];
                                /** @description The path as the purchase gave it, from the root; [] when none */
                                category: {
                                    /** @description Category code */
                                    id: string;
                                    name: string;
                                }[];
                                brand: string | null;
                                url: string | null;
                                image_url: string | null;
                                thumbnail_url: string | null;
                                manufacturer_warranty_date: string | null;
                                extension_warranty_date: string | null;
                                with_extension_warranty: boolean | null;
                                custom_attributes: {
                                    [key: string]: unknown;
                                };
                            }[];
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                            custom_attributes: {
                                [key: string]: unknown;
                            };
                            createtime: string;
                            approvedtime: string | null;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user has that userapp_id or base64 service_uid */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    recordAbandonedCartByIdentity: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    service_uid?: string;
                    email?: string;
                    document?: string;
                    /** @description Your identifier of the cart; a second cart with it for the same user replaces the first */
                    external_id: string;
                    /** @description 1 to 500 items; only sku is required */
                    products: {
                        sku: string;
                        product_name?: string;
                        quantity?: number;
                        unit_price?: number;
                        offer_price?: number;
                        variations?: {
                            name: string;
                            value: string;
                        }[];
                        /** @description From the root down: items {id (a category code), name} or bare strings (both code and name) */
                        category?: (string | {
                            id?: string | number;
                            name?: string;
                            url?: string | null;
                            image_url?: string | null;
                        })[];
                        brand?: string;
                        url?: string;
                        image_url?: string;
                        thumbnail_url?: string;
                    }[];
                    total_price?: number;
                    /** @description Where the cart was abandoned, e.g. "web" */
                    source?: string;
                    /** @description Default false */
                    recovered?: boolean;
                    recover_url?: string;
                    /** @description G7 datetime; default now */
                    createtime?: string;
                };
            };
        };
        responses: {
            /** @description The cart as stored (a second cart with the same external_id for the user replaced the first) */
            201: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            userapp_id: number;
                            external_id: string;
                            /** @description As given: the fields each item was sent with */
                            products: {
                                sku: string;
                                product_name?: string;
                                quantity?: number;
                                unit_price?: number;
                                offer_price?: number;
                                variations?: {
                                    name: string;
                                    value: string;
                                }[];
                                /** @description From the root down */
                                category?: {
                                    id: string;
                                    name: string;
                                }[];
                                brand?: string;
                                url?: string;
                                image_url?: string;
                                thumbnail_url?: string;
                            }[];
                            total_price: number | null;
                            source: string | null;
                            recovered: boolean;
                            recover_url: string | null;
                            createtime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid field (named in the message), or no identity at all */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description code user_not_found: no user matches the first non-empty of service_uid, email, document */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    recordAbandonedCart: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your identifier of the cart; a second cart with it for the same user replaces the first */
                    external_id: string;
                    /** @description 1 to 500 items; only sku is required */
                    products: {
                        sku: string;
                        product_name?: string;
                        quantity?: number;
                        unit_price?: number;
                        offer_price?: number;
                        variations?: {
                            name: string;
                            value: string;
                        }[];
                        /** @description From the root down: items {id (a category code), name} or bare strings (both code and name) */
                        category?: (string | {
                            id?: string | number;
                            name?: string;
                            url?: string | null;
                            image_url?: string | null;
                        })[];
                        brand?: string;
                        url?: string;
                        image_url?: string;
                        thumbnail_url?: string;
                    }[];
                    total_price?: number;
                    /** @description Where the cart was abandoned, e.g. "web" */
                    source?: string;
                    /** @description Default false */
                    recovered?: boolean;
                    recover_url?: string;
                    /** @description G7 datetime; default now */
                    createtime?: string;
                };
            };
        };
        responses: {
            /** @description The cart as stored (a second cart with the same external_id for the user replaced the first) */
            201: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            userapp_id: number;
                            external_id: string;
                            /** @description As given: the fields each item was sent with */
                            products: {
                                sku: string;
                                product_name?: string;
                                quantity?: number;
                                unit_price?: number;
                                offer_price?: number;
                                variations?: {
                                    name: string;
                                    value: string;
                                }[];
                                /** @description From the root down */
                                category?: {
                                    id: string;
                                    name: string;
                                }[];
                                brand?: string;
                                url?: string;
                                image_url?: string;
                                thumbnail_url?: string;
                            }[];
                            total_price: number | null;
                            source: string | null;
                            recovered: boolean;
                            recover_url: string | null;
                            createtime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid field (named in the message) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description code user_not_found: no user has that userapp_id or base64 service_uid */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAbandonedCarts: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            userapp_id: number;
                            external_id: string;
                            /** @description As given: the fields each item was sent with */
                            products: {
                                sku: string;
                                product_name?: string;
                                quantity?: number;
                                unit_price?: number;
                                offer_price?: number;
                                variations?: {
                                    name: string;
                                    value: string;
                                }[];
                                /** @description From the root down */
                                category?: {
                                    id: string;
                                    name: string;
                                }[];
                                brand?: string;
                                url?: string;
                                image_url?: string;
                                thumbnail_url?: string;
                            }[];
                            total_price: number | null;
                            source: string | null;
                            recovered: boolean;
                            recover_url: string | null;
                            createtime: string;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user has that userapp_id or base64 service_uid */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateFamilyMember: {
        parameters: {
            query?: {
                service_uid?: string;
                email?: string;
                document?: string;
                telephone?: string;
            };
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The member is found by id, else by uid; the other fields given change */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Finds the member; else `uid` does */
                    id?: number;
                    /** @description Your own identifier of the member; unique among the user's members */
                    uid?: string;
                    email?: string;
                    first_name?: string;
                    last_name?: string;
                    telephone?: string;
                    /** @description YYYY-MM-DD */
                    birthdate?: string;
                    /**
                     * @description M or F, either case; answered upper-case
                     * @enum {string}
                     */
                    gender?: "M" | "F" | "m" | "f";
                    address?: string;
                    /**
                     * @description How the member relates to the user
                     * @enum {string}
                     */
                    relationship?: "son" | "parent" | "grandparent" | "sibling" | "friend" | "espose" | "grandson" | "nephew" | "pet_dog" | "pet_cat" | "pet" | "other";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            /** @description The user the member belongs to */
                            userapp_id: number;
                            uid: string | null;
                            email: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            telephone: string | null;
                            birthdate: string | null;
                            gender: string | null;
                            address: string | null;
                            relationship: string;
                            createtime: string;
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid field (named), neither id nor uid, or a new uid another member has */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user matches the query identities, or that user has no member with that id or uid */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createFamilyMember: {
        parameters: {
            query?: {
                service_uid?: string;
                email?: string;
                document?: string;
                telephone?: string;
            };
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your own identifier of the member; unique among the user's members */
                    uid?: string;
                    email?: string;
                    first_name?: string;
                    last_name?: string;
                    telephone?: string;
                    /** @description YYYY-MM-DD */
                    birthdate?: string;
                    /**
                     * @description M or F, either case; answered upper-case
                     * @enum {string}
                     */
                    gender?: "M" | "F" | "m" | "f";
                    address?: string;
                    /**
                     * @description How the member relates to the user
                     * @enum {string}
                     */
                    relationship: "son" | "parent" | "grandparent" | "sibling" | "friend" | "espose" | "grandson" | "nephew" | "pet_dog" | "pet_cat" | "pet" | "other";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            /** @description The user the member belongs to */
                            userapp_id: number;
                            uid: string | null;
                            email: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            telephone: string | null;
                            birthdate: string | null;
                            gender: string | null;
                            address: string | null;
                            relationship: string;
                            createtime: string;
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid field (named), or a uid another member of this user has */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user matches the query's first non-empty service_uid, email, document, telephone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listFamilyMembers: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            /** @description The user the member belongs to */
                            userapp_id: number;
                            uid: string | null;
                            email: string | null;
                            first_name: string | null;
                            last_name: string | null;
                            telephone: string | null;
                            birthdate: string | null;
                            gender: string | null;
                            address: string | null;
                            relationship: string;
                            createtime: string;
                            updatetime: string;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user has that userapp_id or base64 service_uid */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountSummary: {
        parameters: {
            query?: {
                /** @description First UTC day of the window, YYYY-MM-DD (whole day). Default: 29 days before to */
                from?: string;
                /** @description Last UTC day of the window, YYYY-MM-DD (whole day). Default: today (UTC) */
                to?: string;
                /** @description Bucket of the series: day (default) or month, in UTC */
                group_by?: "day" | "month" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            totals: {
                                /** @description Customers (users) of the account */
                                customers: number;
                                /** @description Products of the account */
                                products: number;
                                /** @description Purchases of the account */
                                purchases: number;
                                /** @description Sum of every purchase's prices.total, rounded to 6 decimals */
                                revenue: number;
                                /** @description Sum of every customer's points balance */
                                points_balance: number;
                                /** @description User events of the account */
                                user_events: number;
                                /** @description Segments of the account */
                                segments: number;
                            };
                            window: {
                                /** @description First UTC day, YYYY-MM-DD */
                                from: string;
                                /** @description Last UTC day, YYYY-MM-DD (included) */
                                to: string;
                                /** @description Customers created in the window */
                                new_customers: number;
                                /** @description Purchases whose createtime lies in the window */
                                purchases: number;
                                /** @description Sum of their prices.total, rounded to 6 decimals */
                                revenue: number;
                                /** @description Sum of the positive points-ledger entries of the window */
                                points_issued: number;
                                /** @description Sum of the negative points-ledger entries of the window, as a positive number */
                                points_redeemed: number;
                                /** @description User events whose datetime lies in the window */
                                user_events: number;
                            };
                            /** @description The window of equal length just before `window` */
                            previous: {
                                /** @description First UTC day, YYYY-MM-DD */
                                from: string;
                                /** @description Last UTC day, YYYY-MM-DD (included) */
                                to: string;
                                /** @description Customers created in the window */
                                new_customers: number;
                                /** @description Purchases whose createtime lies in the window */
                                purchases: number;
                                /** @description Sum of their prices.total, rounded to 6 decimals */
                                revenue: number;
                                /** @description Sum of the positive points-ledger entries of the window */
                                points_issued: number;
                                /** @description Sum of the negative points-ledger entries of the window, as a positive number */
                                points_redeemed: number;
                                /** @description User events whose datetime lies in the window */
                                user_events: number;
                            };
                            /** @description Every bucket of the window, oldest first, empty ones with 0 */
                            series: {
                                /** @description The UTC day YYYY-MM-DD, or the month YYYY-MM with group_by=month (only the window's days count) */
                                bucket: string;
                                /** @description Customers created in the bucket */
                                new_customers: number;
                                /** @description Purchases whose createtime lies in the bucket */
                                purchases: number;
                                /** @description Sum of their prices.total, rounded to 6 decimals */
                                revenue: number;
                                /** @description User events whose datetime lies in the bucket */
                                user_events: number;
                            }[];
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountAuditLog: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
                /** @description Inclusive lower bound on time (G7; a bare date is its start) */
                from?: string;
                /** @description Inclusive upper bound on time (G7; a bare date is its end) */
                to?: string;
                /** @description Only calls with this method: GET, POST, PUT, PATCH or DELETE (any case) */
                method?: string;
                /** @description Only calls to this path or below it, segment by segment (/apiv3/categories: also /apiv3/categories/bulk, not /apiv3/categoriesx); /apiv3 may be left out */
                path?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first, ties by id descending */
                        payload: {
                            id: number;
                            /** @description When the answer was sent: YYYY-MM-DD hh:mm:ss, UTC */
                            time: string;
                            /** @description The display prefix of the key used, as `rapport keys list` shows it */
                            key_prefix: string;
                            method: string;
                            /** @description The path called, without its query string */
                            path: string;
                            /** @description The HTTP status answered */
                            status: number;
                            /** @description The X-Request-Id of the call (O7), as in the server log */
                            request_id: string;
                            /** @description One line saying what the call did */
                            summary: string;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description page or limit out of range, from or to not a datetime, from after to, method not one of GET, POST, PUT, PATCH, DELETE, or path not starting with / */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountRetention: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            /** @description Days user events are kept by default; null: forever */
                            user_events_days: number | null;
                            /** @description Per event name: days kept, or null for forever */
                            by_event: {
                                [key: string]: number | null;
                            };
                            /** @description When the last completed run finished (YYYY-MM-DD hh:mm:ss, UTC); null before the first */
                            last_run: string | null;
                            /** @description User events the last completed run deleted; null before the first */
                            deleted_last_run: number | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putAccountRetention: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "user_events_days": 365,
                 *       "by_event": {
                 *         "page_view": 30,
                 *         "purchase": null
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The default for every event not in by_event: days to keep (1–3650), or null to keep forever; replaces the current default when given */
                    user_events_days?: number | null;
                    /** @description Per event name (an event of the catalogue, GET /events): days to keep its user events, or null to keep them forever; wins over user_events_days. Replaces the whole current map when given */
                    by_event?: {
                        [key: string]: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            /** @description Days user events are kept by default; null: forever */
                            user_events_days: number | null;
                            /** @description Per event name: days kept, or null for forever */
                            by_event: {
                                [key: string]: number | null;
                            };
                            /** @description When the last completed run finished (YYYY-MM-DD hh:mm:ss, UTC); null before the first */
                            last_run: string | null;
                            /** @description User events the last completed run deleted; null before the first */
                            deleted_last_run: number | null;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description user_events_days or a by_event value not an integer from 1 to 3650 or null, by_event not an object, or a by_event name that is no event of the catalogue */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSegments: {
        parameters: {
            query?: {
                /** @description Page number, from 0 to 1000000 */
                page?: number;
                /** @description Items per page, 1..100 */
                limit?: number;
                /** @description Words each found in the title, case and accents ignored (U3) */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            /** @description From the title at creation (accents dropped, lower-case, - between words); unique per account; never changes */
                            slug: string;
                            title: string;
                            description: string | null;
                            /**
                             * @description Always "dynamic": members are evaluated when asked
                             * @enum {string}
                             */
                            type: "dynamic";
                            /**
                             * @description SG2: a group {"all": [...]}, {"any": [...]} or {"not": node}; a node is a group or a condition (field, purchases, event, blacklisted, benefit, abandoned_cart, segment). At most 50 conditions and 5 levels of groups. See docs/segments.md.
                             * @example {
                             *       "all": [
                             *         {
                             *           "field": "city",
                             *           "op": "eq",
                             *           "value": "Córdoba"
                             *         },
                             *         {
                             *           "purchases": {
                             *             "within_last_days": 90
                             *           },
                             *           "measure": "count",
                             *           "op": "gte",
                             *           "value": 2
                             *         }
                             *       ]
                             *     }
                             */
                            definition: {
                                [key: string]: unknown;
                            };
                            /** @description false when the definition is one "all" group of conditions */
                            advanced: boolean;
                            /** @description YYYY-MM-DD hh:mm:ss, UTC */
                            createtime: string;
                            /** @description YYYY-MM-DD hh:mm:ss, UTC */
                            updatetime: string;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postSegments: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Frequent buyers in Córdoba",
                 *       "definition": {
                 *         "all": [
                 *           {
                 *             "field": "city",
                 *             "op": "eq",
                 *             "value": "Córdoba"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description 1 to 255 characters */
                    title: string;
                    /** @description Free text, or null */
                    description?: string | null;
                    /**
                     * @description SG2: a group {"all": [...]}, {"any": [...]} or {"not": node}; a node is a group or a condition (field, purchases, event, blacklisted, benefit, abandoned_cart, segment). At most 50 conditions and 5 levels of groups. See docs/segments.md.
                     * @example {
                     *       "all": [
                     *         {
                     *           "field": "city",
                     *           "op": "eq",
                     *           "value": "Córdoba"
                     *         },
                     *         {
                     *           "purchases": {
                     *             "within_last_days": 90
                     *           },
                     *           "measure": "count",
                     *           "op": "gte",
                     *           "value": 2
                     *         }
                     *       ]
                     *     }
                     */
                    definition: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            /** @description From the title at creation (accents dropped, lower-case, - between words); unique per account; never changes */
                            slug: string;
                            title: string;
                            description: string | null;
                            /**
                             * @description Always "dynamic": members are evaluated when asked
                             * @enum {string}
                             */
                            type: "dynamic";
                            /**
                             * @description SG2: a group {"all": [...]}, {"any": [...]} or {"not": node}; a node is a group or a condition (field, purchases, event, blacklisted, benefit, abandoned_cart, segment). At most 50 conditions and 5 levels of groups. See docs/segments.md.
                             * @example {
                             *       "all": [
                             *         {
                             *           "field": "city",
                             *           "op": "eq",
                             *           "value": "Córdoba"
                             *         },
                             *         {
                             *           "purchases": {
                             *             "within_last_days": 90
                             *           },
                             *           "measure": "count",
                             *           "op": "gte",
                             *           "value": 2
                             *         }
                             *       ]
                             *     }
                             */
                            definition: {
                                [key: string]: unknown;
                            };
                            /** @description false when the definition is one "all" group of conditions */
                            advanced: boolean;
                            /** @description YYYY-MM-DD hh:mm:ss, UTC */
                            createtime: string;
                            /** @description YYYY-MM-DD hh:mm:ss, UTC */
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description A field breaks its rule; for the definition, the message names the path of the condition (SG2) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postSegmentsPreview: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description SG2: a group {"all": [...]}, {"any": [...]} or {"not": node}; a node is a group or a condition (field, purchases, event, blacklisted, benefit, abandoned_cart, segment). At most 50 conditions and 5 levels of groups. See docs/segments.md.
                     * @example {
                     *       "all": [
                     *         {
                     *           "field": "city",
                     *           "op": "eq",
                     *           "value": "Córdoba"
                     *         },
                     *         {
                     *           "purchases": {
                     *             "within_last_days": 90
                     *           },
                     *           "measure": "count",
                     *           "op": "gte",
                     *           "value": 2
                     *         }
                     *       ]
                     *     }
                     */
                    definition: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            count: number;
                            users: {
                                userapp_id: number;
                                user_id: number;
                                service_uid: string | null;
                                email: string | null;
                                document: string | null;
                                document_type: string | null;
                                first_name: string | null;
                                last_name: string | null;
                                telephone: string | null;
                                birthdate: string | null;
                                gender: string | null;
                                street: string | null;
                                postcode: string | null;
                                city: string | null;
                                department: string | null;
                                state: string | null;
                                country: string | null;
                                marital_status: string | null;
                                tags: string[];
                                points: number;
                                notes: string | null;
                                club_inscription_date: string | null;
                                custom_attributes: {
                                    [key: string]: unknown;
                                };
                                mailing_enabled: boolean;
                                sms_enabled: boolean;
                                mailing_enabled_reason: string | null;
                                sms_enabled_reason: string | null;
                                createtime: string;
                                updatetime: string;
                            }[];
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description A field breaks its rule; for the definition, the message names the path of the condition (SG2) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSegmentsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Numeric id or slug */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            /** @description From the title at creation (accents dropped, lower-case, - between words); unique per account; never changes */
                            slug: string;
                            title: string;
                            description: string | null;
                            /**
                             * @description Always "dynamic": members are evaluated when asked
                             * @enum {string}
                             */
                            type: "dynamic";
                            /**
                             * @description SG2: a group {"all": [...]}, {"any": [...]} or {"not": node}; a node is a group or a condition (field, purchases, event, blacklisted, benefit, abandoned_cart, segment). At most 50 conditions and 5 levels of groups. See docs/segments.md.
                             * @example {
                             *       "all": [
                             *         {
                             *           "field": "city",
                             *           "op": "eq",
                             *           "value": "Córdoba"
                             *         },
                             *         {
                             *           "purchases": {
                             *             "within_last_days": 90
                             *           },
                             *           "measure": "count",
                             *           "op": "gte",
                             *           "value": 2
                             *         }
                             *       ]
                             *     }
                             */
                            definition: {
                                [key: string]: unknown;
                            };
                            /** @description false when the definition is one "all" group of conditions */
                            advanced: boolean;
                            /** @description YYYY-MM-DD hh:mm:ss, UTC */
                            createtime: string;
                            /** @description YYYY-MM-DD hh:mm:ss, UTC */
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No segment has that id or slug */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putSegmentsById: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Numeric id or slug */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Frequent buyers"
                 *     }
                 */
                "application/json": {
                    /** @description 1 to 255 characters */
                    title?: string;
                    /** @description Free text, or null */
                    description?: string | null;
                    /**
                     * @description SG2: a group {"all": [...]}, {"any": [...]} or {"not": node}; a node is a group or a condition (field, purchases, event, blacklisted, benefit, abandoned_cart, segment). At most 50 conditions and 5 levels of groups. See docs/segments.md.
                     * @example {
                     *       "all": [
                     *         {
                     *           "field": "city",
                     *           "op": "eq",
                     *           "value": "Córdoba"
                     *         },
                     *         {
                     *           "purchases": {
                     *             "within_last_days": 90
                     *           },
                     *           "measure": "count",
                     *           "op": "gte",
                     *           "value": 2
                     *         }
                     *       ]
                     *     }
                     */
                    definition?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            /** @description From the title at creation (accents dropped, lower-case, - between words); unique per account; never changes */
                            slug: string;
                            title: string;
                            description: string | null;
                            /**
                             * @description Always "dynamic": members are evaluated when asked
                             * @enum {string}
                             */
                            type: "dynamic";
                            /**
                             * @description SG2: a group {"all": [...]}, {"any": [...]} or {"not": node}; a node is a group or a condition (field, purchases, event, blacklisted, benefit, abandoned_cart, segment). At most 50 conditions and 5 levels of groups. See docs/segments.md.
                             * @example {
                             *       "all": [
                             *         {
                             *           "field": "city",
                             *           "op": "eq",
                             *           "value": "Córdoba"
                             *         },
                             *         {
                             *           "purchases": {
                             *             "within_last_days": 90
                             *           },
                             *           "measure": "count",
                             *           "op": "gte",
                             *           "value": 2
                             *         }
                             *       ]
                             *     }
                             */
                            definition: {
                                [key: string]: unknown;
                            };
                            /** @description false when the definition is one "all" group of conditions */
                            advanced: boolean;
                            /** @description YYYY-MM-DD hh:mm:ss, UTC */
                            createtime: string;
                            /** @description YYYY-MM-DD hh:mm:ss, UTC */
                            updatetime: string;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description A field breaks its rule; for the definition, the message names the path of the condition (SG2) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No segment has that id or slug */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteSegmentsById: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Numeric id or slug */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            /** @enum {boolean} */
                            deleted: true;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Other segments refer to it (named in the message) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No segment has that id or slug */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSegmentsByIdCount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Numeric id or slug */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            count: number;
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No segment has that id or slug */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSegmentsByIdExport: {
        parameters: {
            query?: {
                /** @description csv (default) or ndjson */
                format?: string;
                /** @description Comma-separated U4 fields or custom_attributes.<name>; default userapp_id,service_uid,email,telephone,first_name,last_name,points */
                fields?: string;
            };
            header?: never;
            path: {
                /** @description Numeric id or slug */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/csv (RFC 4180, header line) or application/x-ndjson */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/x-ndjson": string;
                };
            };
            /** @description Unknown format or field (named) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No segment has that id or slug */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUsersByIdSegments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            id: number;
                            slug: string;
                            title: string;
                        }[];
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user has that id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    eraseSegmentMembers: {
        parameters: {
            query?: {
                /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                dry_run?: boolean;
            };
            header?: {
                /**
                 * @description Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.
                 * @example 5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "segment_id": 12,
                 *       "notify_to": "privacy@example.com"
                 *     }
                 */
                "application/json": {
                    /** @description The segment whose members are erased: its numeric id or its slug (required) */
                    segment_id?: number | string;
                    /** @description E-mail address told the outcome */
                    notify_to?: string;
                    /** @description true: answer what the call would delete and change nothing (O8); false or absent: the real call */
                    dry_run?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6) */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            /** Format: uuid */
                            request_id: string;
                        } | {
                            /** @enum {boolean} */
                            dry_run: true;
                            /** @description How many rows the real call would delete (or change), as it would count them now */
                            would_delete: {
                                /** @description The customer's profile (with its custom attribute values): 1 per customer */
                                users: number;
                                /** @description User events of the customer */
                                user_events: number;
                                /** @description Purchases of the customer */
                                purchases: number;
                                /** @description Items of those purchases (their custom attribute values go with them, uncounted) */
                                purchase_items: number;
                                /** @description Points ledger entries of the customer */
                                ledger_entries: number;
                                /** @description Coupons assigned to the customer (the benefits keep their stock as it is) */
                                coupons: number;
                                /** @description Family members of the customer */
                                family_members: number;
                                /** @description Abandoned carts of the customer */
                                abandoned_carts: number;
                            };
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description segment_id missing or invalid, notify_to not an e-mail address, or dry_run not true or false */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No segment has that segment_id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds",
                     *       "code": "conflict",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body over the limit (1 MiB for JSON and form bodies) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "request body exceeds the 1 MiB limit",
                     *       "code": "payload_too_large",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported Content-Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "unsupported Content-Type: send application/json or application/x-www-form-urlencoded",
                     *       "code": "unsupported_media_type",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Numeric userapp_id, or the base64 of the service_uid */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            user: {
                                userapp_id: number;
                                user_id: number;
                                service_uid: string | null;
                                email: string | null;
                                document: string | null;
                                document_type: string | null;
                                first_name: string | null;
                                last_name: string | null;
                                telephone: string | null;
                                birthdate: string | null;
                                gender: string | null;
                                street: string | null;
                                postcode: string | null;
                                city: string | null;
                                department: string | null;
                                state: string | null;
                                country: string | null;
                                marital_status: string | null;
                                tags: string[];
                                points: number;
                                notes: string | null;
                                club_inscription_date: string | null;
                                custom_attributes: {
                                    [key: string]: unknown;
                                };
                                mailing_enabled: boolean;
                                sms_enabled: boolean;
                                mailing_enabled_reason: string | null;
                                sms_enabled_reason: string | null;
                                createtime: string;
                                updatetime: string;
                            };
                            /** @description The points ledger, newest first, as GET /users/{id}/transactions answers it */
                            points_ledger: {
                                id: number;
                                concept: string;
                                points: number;
                                description: string | null;
                                /** @description The balance after this entry */
                                balance: number;
                                createtime: string;
                            }[];
                            /** @description Purchases, newest first, as GET /users/{id}/purchases answers them */
                            purchases: {
                                id: number;
                                invoice_number: string;
                                user: {
                                    userapp_id: number;
                                    service_uid: string | null;
                                    email: string | null;
                                    document: string | null;
                                };
                                branch: {
                                    id: number;
                                    name: string;
                                } | null;
                                channel: string | null;
                                points: number;
                                prices: {
                                    cost: number;
                                    shipping: number;
                                    gross: number;
                                    tax: number;
                                    discount: number;
                                    total: number;
                                };
                                payment: {
                                    type: string;
                                    brand: string | null;
                                    bank: string | null;
                                    total: number | null;
                                    installments: number | null;
                                }[];
                                seller: {
                                    name: string | null;
                                    email: string | null;
                                    external_id: string | number | null;
                                } | null;
                                purchase_detail: {
                                    sku: string;
                                    product_name: string;
                                    quantity: number;
                                    unit_price: number;
                                    variations: {
                                        name: string;
                                        value: string | number;
                                    }[];
                                    /** @description The path as the purchase gave it, from the root; [] when none */
                                    category: {
                                        /** @description Category code */
                                        id: string;
                                        name: string;
                                    }[];
                                    brand: string | null;
                                    url: string | null;
                                    image_url: string | null;
                                    thumbnail_url: string | null;
                                    manufacturer_warranty_date: string | null;
                                    extension_warranty_date: string | null;
                                    with_extension_warranty: boolean | null;
                                    custom_attributes: {
                                        [key: string]: unknown;
                                    };
                                }[];
                                metadata: {
                                    [key: string]: unknown;
                                } | null;
                                custom_attributes: {
                                    [key: string]: unknown;
                                };
                                createtime: string;
                                approvedtime: string | null;
                            }[];
                            /** @description User events, newest first, as GET /user-events answers them */
                            user_events: {
                                id: number;
                                event: {
                                    id: number;
                                    name: string;
                                    /** @description YYYY-MM-DD hh:mm:ss, UTC */
                                    createtime: string;
                                };
                                user: {
                                    userapp_id: number;
                                    user_id: number;
                                    service_uid: string | null;
                                    email: string | null;
                                };
                                /** @description YYYY-MM-DD hh:mm:ss, UTC */
                                datetime: string;
                                /** @description Free-form key/value pairs, or null */
                                metadata: {
                                    [key: string]: unknown;
                                } | null;
                            }[];
                            /** @description Coupons, newest first, as GET /coupons answers them */
                            coupons: {
                                id: number;
                                /** @description Unique coupon code */
                                code: string;
                                /** @description Points the user paid */
                                points: number;
                                /** @description When the benefit was assigned, 'YYYY-MM-DD hh:mm:ss' UTC */
                                createtime: string;
                                /** @description null once the benefit has been deleted */
                                benefit: {
                                    id: number;
                                    slug: string;
                                    title: string;
                                    description: string;
                                    /** @description "1" active, "0" inactive */
                                    status: string;
                                    image_id: string;
                                    user_id: string;
                                    app_id: string;
                                    app_code: string;
                                    contenttype_id: string;
                                    version: string | null;
                                    category_id: string | null;
                                    /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                    startdate: string;
                                    /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                    enddate: string;
                                    /** @description "1" or "0" */
                                    featured: string;
                                    /** @description "1" or "0" */
                                    wallpublish: string;
                                    /** @description "0" means no limit */
                                    monthly_redeems: string;
                                    /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                    modified: string;
                                    /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                    created: string;
                                    image_url: string;
                                    points: number;
                                    /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                    event_date: string;
                                    sku: string;
                                } | null;
                                user: {
                                    userapp_id: number;
                                    user_id: number;
                                    service_uid: string | null;
                                    email: string | null;
                                    document: string | null;
                                    document_type: string | null;
                                    first_name: string | null;
                                    last_name: string | null;
                                    telephone: string | null;
                                    birthdate: string | null;
                                    gender: string | null;
                                    street: string | null;
                                    postcode: string | null;
                                    city: string | null;
                                    department: string | null;
                                    state: string | null;
                                    country: string | null;
                                    marital_status: string | null;
                                    tags: string[];
                                    points: number;
                                    notes: string | null;
                                    club_inscription_date: string | null;
                                    custom_attributes: {
                                        [key: string]: unknown;
                                    };
                                    mailing_enabled: boolean;
                                    sms_enabled: boolean;
                                    mailing_enabled_reason: string | null;
                                    sms_enabled_reason: string | null;
                                    createtime: string;
                                    updatetime: string;
                                };
                            }[];
                            /** @description Family members, in creation order, as GET /users/{id}/members answers them */
                            family_members: {
                                id: number;
                                /** @description The user the member belongs to */
                                userapp_id: number;
                                uid: string | null;
                                email: string | null;
                                first_name: string | null;
                                last_name: string | null;
                                telephone: string | null;
                                birthdate: string | null;
                                gender: string | null;
                                address: string | null;
                                relationship: string;
                                createtime: string;
                                updatetime: string;
                            }[];
                            /** @description Abandoned carts, newest first, as GET /users/{id}/abandoned-carts answers them */
                            abandoned_carts: {
                                id: number;
                                userapp_id: number;
                                external_id: string;
                                /** @description As given: the fields each item was sent with */
                                products: {
                                    sku: string;
                                    product_name?: string;
                                    quantity?: number;
                                    unit_price?: number;
                                    offer_price?: number;
                                    variations?: {
                                        name: string;
                                        value: string;
                                    }[];
                                    /** @description From the root down */
                                    category?: {
                                        id: string;
                                        name: string;
                                    }[];
                                    brand?: string;
                                    url?: string;
                                    image_url?: string;
                                    thumbnail_url?: string;
                                }[];
                                total_price: number | null;
                                source: string | null;
                                recovered: boolean;
                                recover_url: string | null;
                                createtime: string;
                            }[];
                            /** @description The segments the customer belongs to now, as GET /users/{id}/segments answers them */
                            segments: {
                                id: number;
                                slug: string;
                                title: string;
                            }[];
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, JSON nested deeper than 32 levels, a malformed URL, an invalid Idempotency-Key or one already used for another request) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user has that userapp_id or base64 service_uid */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A path parameter longer than 1024 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "path: a path parameter is longer than 1024 characters",
                     *       "code": "uri_too_long",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportUserByIdentity: {
        parameters: {
            query?: {
                service_uid?: string;
                email?: string;
                document?: string;
                telephone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payload: {
                            user: {
                                userapp_id: number;
                                user_id: number;
                                service_uid: string | null;
                                email: string | null;
                                document: string | null;
                                document_type: string | null;
                                first_name: string | null;
                                last_name: string | null;
                                telephone: string | null;
                                birthdate: string | null;
                                gender: string | null;
                                street: string | null;
                                postcode: string | null;
                                city: string | null;
                                department: string | null;
                                state: string | null;
                                country: string | null;
                                marital_status: string | null;
                                tags: string[];
                                points: number;
                                notes: string | null;
                                club_inscription_date: string | null;
                                custom_attributes: {
                                    [key: string]: unknown;
                                };
                                mailing_enabled: boolean;
                                sms_enabled: boolean;
                                mailing_enabled_reason: string | null;
                                sms_enabled_reason: string | null;
                                createtime: string;
                                updatetime: string;
                            };
                            /** @description The points ledger, newest first, as GET /users/{id}/transactions answers it */
                            points_ledger: {
                                id: number;
                                concept: string;
                                points: number;
                                description: string | null;
                                /** @description The balance after this entry */
                                balance: number;
                                createtime: string;
                            }[];
                            /** @description Purchases, newest first, as GET /users/{id}/purchases answers them */
                            purchases: {
                                id: number;
                                invoice_number: string;
                                user: {
                                    userapp_id: number;
                                    service_uid: string | null;
                                    email: string | null;
                                    document: string | null;
                                };
                                branch: {
                                    id: number;
                                    name: string;
                                } | null;
                                channel: string | null;
                                points: number;
                                prices: {
                                    cost: number;
                                    shipping: number;
                                    gross: number;
                                    tax: number;
                                    discount: number;
                                    total: number;
                                };
                                payment: {
                                    type: string;
                                    brand: string | null;
                                    bank: string | null;
                                    total: number | null;
                                    installments: number | null;
                                }[];
                                seller: {
                                    name: string | null;
                                    email: string | null;
                                    external_id: string | number | null;
                                } | null;
                                purchase_detail: {
                                    sku: string;
                                    product_name: string;
                                    quantity: number;
                                    unit_price: number;
                                    variations: {
                                        name: string;
                                        value: string | number;
                                    }[];
                                    /** @description The path as the purchase gave it, from the root; [] when none */
                                    category: {
                                        /** @description Category code */
                                        id: string;
                                        name: string;
                                    }[];
                                    brand: string | null;
                                    url: string | null;
                                    image_url: string | null;
                                    thumbnail_url: string | null;
                                    manufacturer_warranty_date: string | null;
                                    extension_warranty_date: string | null;
                                    with_extension_warranty: boolean | null;
                                    custom_attributes: {
                                        [key: string]: unknown;
                                    };
                                }[];
                                metadata: {
                                    [key: string]: unknown;
                                } | null;
                                custom_attributes: {
                                    [key: string]: unknown;
                                };
                                createtime: string;
                                approvedtime: string | null;
                            }[];
                            /** @description User events, newest first, as GET /user-events answers them */
                            user_events: {
                                id: number;
                                event: {
                                    id: number;
                                    name: string;
                                    /** @description YYYY-MM-DD hh:mm:ss, UTC */
                                    createtime: string;
                                };
                                user: {
                                    userapp_id: number;
                                    user_id: number;
                                    service_uid: string | null;
                                    email: string | null;
                                };
                                /** @description YYYY-MM-DD hh:mm:ss, UTC */
                                datetime: string;
                                /** @description Free-form key/value pairs, or null */
                                metadata: {
                                    [key: string]: unknown;
                                } | null;
                            }[];
                            /** @description Coupons, newest first, as GET /coupons answers them */
                            coupons: {
                                id: number;
                                /** @description Unique coupon code */
                                code: string;
                                /** @description Points the user paid */
                                points: number;
                                /** @description When the benefit was assigned, 'YYYY-MM-DD hh:mm:ss' UTC */
                                createtime: string;
                                /** @description null once the benefit has been deleted */
                                benefit: {
                                    id: number;
                                    slug: string;
                                    title: string;
                                    description: string;
                                    /** @description "1" active, "0" inactive */
                                    status: string;
                                    image_id: string;
                                    user_id: string;
                                    app_id: string;
                                    app_code: string;
                                    contenttype_id: string;
                                    version: string | null;
                                    category_id: string | null;
                                    /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                    startdate: string;
                                    /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                    enddate: string;
                                    /** @description "1" or "0" */
                                    featured: string;
                                    /** @description "1" or "0" */
                                    wallpublish: string;
                                    /** @description "0" means no limit */
                                    monthly_redeems: string;
                                    /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                    modified: string;
                                    /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                    created: string;
                                    image_url: string;
                                    points: number;
                                    /** @description 'YYYY-MM-DD hh:mm:ss' UTC */
                                    event_date: string;
                                    sku: string;
                                } | null;
                                user: {
                                    userapp_id: number;
                                    user_id: number;
                                    service_uid: string | null;
                                    email: string | null;
                                    document: string | null;
                                    document_type: string | null;
                                    first_name: string | null;
                                    last_name: string | null;
                                    telephone: string | null;
                                    birthdate: string | null;
                                    gender: string | null;
                                    street: string | null;
                                    postcode: string | null;
                                    city: string | null;
                                    department: string | null;
                                    state: string | null;
                                    country: string | null;
                                    marital_status: string | null;
                                    tags: string[];
                                    points: number;
                                    notes: string | null;
                                    club_inscription_date: string | null;
                                    custom_attributes: {
                                        [key: string]: unknown;
                                    };
                                    mailing_enabled: boolean;
                                    sms_enabled: boolean;
                                    mailing_enabled_reason: string | null;
                                    sms_enabled_reason: string | null;
                                    createtime: string;
                                    updatetime: string;
                                };
                            }[];
                            /** @description Family members, in creation order, as GET /users/{id}/members answers them */
                            family_members: {
                                id: number;
                                /** @description The user the member belongs to */
                                userapp_id: number;
                                uid: string | null;
                                email: string | null;
                                first_name: string | null;
                                last_name: string | null;
                                telephone: string | null;
                                birthdate: string | null;
                                gender: string | null;
                                address: string | null;
                                relationship: string;
                                createtime: string;
                                updatetime: string;
                            }[];
                            /** @description Abandoned carts, newest first, as GET /users/{id}/abandoned-carts answers them */
                            abandoned_carts: {
                                id: number;
                                userapp_id: number;
                                external_id: string;
                                /** @description As given: the fields each item was sent with */
                                products: {
                                    sku: string;
                                    product_name?: string;
                                    quantity?: number;
                                    unit_price?: number;
                                    offer_price?: number;
                                    variations?: {
                                        name: string;
                                        value: string;
                                    }[];
                                    /** @description From the root down */
                                    category?: {
                                        id: string;
                                        name: string;
                                    }[];
                                    brand?: string;
                                    url?: string;
                                    image_url?: string;
                                    thumbnail_url?: string;
                                }[];
                                total_price: number | null;
                                source: string | null;
                                recovered: boolean;
                                recover_url: string | null;
                                createtime: string;
                            }[];
                            /** @description The segments the customer belongs to now, as GET /users/{id}/segments answers them */
                            segments: {
                                id: number;
                                slug: string;
                                title: string;
                            }[];
                        };
                        message: string;
                        code: string;
                        /** @description Handling time, e.g. "3ms" */
                        time: string;
                    };
                };
            };
            /** @description No identity given (service_uid, email, document, telephone), or an identity too long */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "limit: must be <= 100",
                     *       "code": "bad_request",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only") */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "invalid or inexistent apikey",
                     *       "code": "forbidden",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No user matches the first non-empty of service_uid, email, document, telephone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "user 42 not found",
                     *       "code": "not_found",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit or overload: wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "rate limit of 600 requests per minute exceeded; retry in 12 seconds",
                     *       "code": "too_many_requests",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; the message carries an error id that is also in the log */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it",
                     *       "code": "internal_error",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payload": null,
                     *       "message": "service temporarily unavailable; retry shortly",
                     *       "code": "service_unavailable",
                     *       "time": "1ms"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}

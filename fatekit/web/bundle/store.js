/* fatekit page bundle of sources 70d0365bef9790dbc381c67f46813e580d8712800400112f4383c76062db59b6 */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-KXTZIO7H.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map

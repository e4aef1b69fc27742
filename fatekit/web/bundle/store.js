/* fatekit page bundle of sources 6a54988f77868aa6d2413b0fe1835726ebcae038e7beba9a28a8d6066c7325cd */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j}from"./chunk-4OMCAGXB.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
